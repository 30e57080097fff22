export { brandradarMcpServer, toolError } from './server';
export * from './results';
