/** `brandradar mcp`: the tools for AI agents over standard input and output. */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { brandradarMcpServer } from '@brandradar/mcp';
import type { CommandSpec } from '../command';
import { EXIT } from '../exit';

export const MCP_COMMAND: CommandSpec = {
  name: 'mcp',
  summary: 'Serve the tools for AI agents (Model Context Protocol) on standard input and output',
  usage: '',
  args: [],
  details: [
    'For an MCP client that starts it, e.g. Claude Desktop: "command": "npx", "args": ["brandradar", "mcp"],',
    'with BRANDRADAR_API_KEY (and BRANDRADAR_BASE_URL) in its "env", or after brandradar login.',
    'Standard output carries the protocol alone; retries are told on standard error. Ends when standard input does.',
    'Only the tools the key’s scopes allow are offered (a read key: the read tools), and the server tells the agent',
    'which it left out; the key needs the read scope, as every tool starts from reading.',
  ],
  async run({ io, client }) {
    const api = client();
    // The key's real scopes, asked once at start: a key revoked or changed later is refused by the API itself.
    const { scopes } = await api.people.currentApiKey();
    const server = brandradarMcpServer(api, scopes);
    const ended = new Promise<void>((resolve) => io.stdin.once('end', resolve));
    // Standard output is the protocol's: the transport writes each message as one JSON line.
    await server.connect(new StdioServerTransport(io.stdin as NodeJS.ReadStream, io.stdout as NodeJS.WriteStream));
    await ended;
    await server.close();
    return EXIT.ok;
  },
};
