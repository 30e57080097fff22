export { brandradarMcpServer, TOOL_SCOPES } from './server';
export * from './results';
