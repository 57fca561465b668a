const { MCPServer } = require('mcp-framework');

module.exports = { server: new MCPServer() };
