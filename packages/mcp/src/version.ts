/** The version the server gives in its MCP handshake: this package's. */
export const MCP_SERVER_VERSION = '0.1.0';
