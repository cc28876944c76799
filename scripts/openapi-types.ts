// Writes the generated client types of the sandbox's OpenAPI document (docs/decisions/039).
import fs from 'node:fs';
import { buildOpenApiDocument } from '../src/api/openapi';
import { clientTypesOf, TYPES_FILE } from '../src/sandbox/tests/client/generate';

const types = await clientTypesOf(buildOpenApiDocument({ serverUrl: 'http://localhost:4010' }));
fs.writeFileSync(TYPES_FILE, types);
console.log(`wrote ${TYPES_FILE}`);
