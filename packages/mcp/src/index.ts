export { brandradarMcpServer } from './server';
export * from './results';
