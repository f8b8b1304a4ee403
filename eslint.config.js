import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const subfolders = (dir) => {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

// One feature never reaches into another: shared code flows shared → features → app.
const webFeatureZones = subfolders('apps/web/src/features').map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [`./${feature}`],
  message: 'A feature does not import another feature; move the shared part to components/, lib/ or stores/.',
}));

// An API module uses another only through its service (or the payment engine's plug-in types).
const apiModules = subfolders('apps/api/src/modules');
const apiModulePublicFiles = apiModules.flatMap((module) =>
  readdirSync(`apps/api/src/modules/${module}`)
    .filter((file) => file.endsWith('.service.ts') || file === 'payment-handlers.ts')
    .map((file) => `./${module}/${file}`),
);
const apiModuleZones = apiModules.map((module) => ({
  target: `./apps/api/src/modules/${module}`,
  from: './apps/api/src/modules',
  except: [`./${module}`, ...apiModulePublicFiles.filter((file) => !file.startsWith(`./${module}/`))],
  message:
    'A module uses another only through its service (<module>.service.ts): not its repository, routes or helpers.',
}));

// What names an error in the web app (error, err, e, failure, cause, bookingError, query.error) and
// what of it the web must not branch on (esquery regular expressions).
const AN_ERROR = '/^(e|err|error|failure|cause|[a-zA-Z]+Error)$/';
const STATUS = '/^(status|statusCode)$/';
const MESSAGE = '/^(message|serverMessage)$/';
/** A member read of an error: `error.x`, `query.error.x`, `(error as T).x`, `(error as unknown as T).x`. */
const OF_AN_ERROR = `:matches([object.name=${AN_ERROR}], [object.property.name=${AN_ERROR}], [object.expression.name=${AN_ERROR}], [object.expression.expression.name=${AN_ERROR}])`;

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/contracts/tsconfig.json', 'apps/api/tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatureZones,
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/stores'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code does not depend on features or the app shell.',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features do not import the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    // The web branches on an error's code (hasCode in lib/api-client.ts), never on its HTTP status or
    // its words: one status covers many failures (a 409 is taken dates or too many unpaid holds), and
    // the words are for people. Only the API client reads a status, to build the error.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api-client.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // error.status, failure.statusCode, query.error.status, (error as ApiError).status
          selector: `MemberExpression[property.name=${STATUS}]${OF_AN_ERROR}`,
          message: "Branch on the error's code with hasCode(error, 'CODE'), not on its HTTP status.",
        },
        ...[
          // error.message === '…', (error as ApiError).serverMessage?.includes('…')
          `BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[property.name=${MESSAGE}]${OF_AN_ERROR}`,
          `BinaryExpression[operator=/^[!=]==?$/] > ChainExpression > MemberExpression[property.name=${MESSAGE}]${OF_AN_ERROR}`,
          `CallExpression[callee.property.name=/^(includes|startsWith|endsWith|match|indexOf)$/][callee.object.property.name=${MESSAGE}]`,
        ].map((selector) => ({
          selector,
          message: "Branch on the error's code with hasCode(error, 'CODE'), not on its words.",
        })),
        {
          // mutation.mutate(variables, { onSuccess }): dropped when the success unmounts the caller.
          selector: "CallExpression[callee.property.name='mutate'][arguments.length=2]",
          message:
            'Follow a mutation up with runMutation (lib/run-mutation.ts), not mutate(variables, callbacks).',
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/api/src/lib',
              from: './apps/api/src/modules',
              message: 'lib/ is shared by every module and does not depend on one.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may set up another module's rows through its repository, and set their own time; the code may not.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: apiModuleZones }],
      // Business time comes from the app's clock, which tests set; never from the machine directly.
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Read the time from the clock (lib/clock.ts), not new Date().',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Read the time from the clock (lib/clock.ts), not Date.now().',
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/e2e/**', '**/test/**', '**/bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
