module.exports = { legacy: 'legacy' };
