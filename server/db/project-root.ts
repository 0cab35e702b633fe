import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder, which holds package.json, the built web apps (dist/web) and the migrations.
 * This file sits two folders below it, and so does the compiled server it is bundled into
 * (dist/server/*.js, deploy/build-server.ts): the same relative URL finds it from either.
 */
const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A path inside the project's folder, from the TypeScript source or from the compiled server. */
export const projectPath = (...parts: string[]): string => join(PROJECT_ROOT, ...parts);
