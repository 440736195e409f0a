/**
 * The import-boundary check that lint runs (scripts/check-import-boundaries.mjs), run the way lint
 * runs it: on a throwaway copy of the repository's layout it fails for a file across each boundary
 * and passes for the same files once they keep to their side; on the repository itself it passes.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const script = path.join(repository, 'scripts', 'check-import-boundaries.mjs');
const fixtures: string[] = [];
afterEach(() => {
  for (const dir of fixtures.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A folder with these files (path → text), laid out like the repository. */
function fixture(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-boundaries-'));
  fixtures.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

function check(root?: string) {
  const result = spawnSync(process.execPath, [script, ...(root ? [root] : [])], { encoding: 'utf8' });
  return { status: result.status, errors: result.stderr };
}

const ROUTE = 'export const formsRouter = 1;\n';
const SERVICE = 'export function createForm() {}\n';

describe('import boundaries', () => {
  it('fails for a service that imports a route, naming the file, the import and the rule', () => {
    const root = fixture({
      'server/src/routes/forms/forms.ts': ROUTE,
      'server/src/services/forms/formWriter.ts': `import {\n  formsRouter,\n} from '../../routes/forms/forms.ts';\n${SERVICE}`,
    });
    const { status, errors } = check(root);
    expect(status).toBe(1);
    expect(errors).toContain(
      "server/src/services/forms/formWriter.ts: imports '../../routes/forms/forms.ts': services never import routes",
    );
  });

  it.each([
    [
      'a policy imports a service',
      'server/src/policies/forms.ts',
      "import { createForm } from '../services/forms/formWriter.ts';",
    ],
    [
      'common imports the server',
      'common/src/fields.ts',
      "export { formsRouter } from '../../server/src/routes/forms/forms.ts';",
    ],
    ['common imports the client by package', 'common/src/limits.ts', "import '@formscribe/client/src/main.tsx';"],
    [
      'the client imports the server',
      'client/src/api/forms.ts',
      "const lazy = () => import('../../../server/src/routes/forms/forms.ts');",
    ],
  ])('fails when %s', (_case, file, line) => {
    const root = fixture({
      'server/src/routes/forms/forms.ts': ROUTE,
      'server/src/services/forms/formWriter.ts': SERVICE,
      [file]: `${line}\n`,
    });
    const { status, errors } = check(root);
    expect(status).toBe(1);
    expect(errors).toContain(`${file}: imports`);
  });

  it('passes when every file keeps to its side (and an import named only in a comment is no import)', () => {
    const root = fixture({
      'server/src/routes/forms/forms.ts': "import { createForm } from '../../services/forms/formWriter.ts';\n",
      'server/src/services/forms/formWriter.ts': `/**\n * import { formsRouter } from '../../routes/forms/forms.ts';\n */\n${SERVICE}`,
      'server/src/policies/forms.ts': "import { Form } from '../models/index.ts';\n",
      'common/src/fields.ts': "import { z } from 'zod';\n",
      'client/src/api/forms.ts': "import { fieldsSchema } from '@formscribe/common/fields';\n",
    });
    expect(check(root).status).toBe(0);
  });

  it('passes on the repository itself', () => {
    const { status, errors } = check();
    expect(errors).not.toMatch(/imports '/);
    expect(status).toBe(0);
  });
});
