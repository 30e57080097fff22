import { gatewayConfigFields } from '../config';
import { publicApiDocument } from '../service';

/**
 * Prints the public OpenAPI document that a gateway with default settings
 * serves at /api/v1/openapi.json, without starting one:
 *   node services/gateway/dist/openapi/print-document.js > packages/client/openapi.json
 */
const defaults = gatewayConfigFields.pick({ RATE_LIMIT_PER_MINUTE: true, RATE_LIMIT_BURST: true }).parse({});
process.stdout.write(`${JSON.stringify(publicApiDocument({ perMinute: defaults.RATE_LIMIT_PER_MINUTE, burst: defaults.RATE_LIMIT_BURST }), null, 2)}\n`);
