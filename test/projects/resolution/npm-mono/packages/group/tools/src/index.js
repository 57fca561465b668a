const { server } = require('core');

module.exports = { server };
