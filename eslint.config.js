// Lint: typescript-eslint's recommended rules, Prettier owns the layout, and the layers of
// docs/architecture (README "Design") are enforced: the engine imports nothing outside itself, the rest
// of the code reaches the engine only through its public entry, and discord.js / Prisma stay in their
// adapters.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const layers = [
  {
    target: './src/engine',
    from: './src',
    except: ['./engine'],
    message: 'The engine imports nothing outside itself.',
  },
  {
    target: './src/notation',
    from: './src',
    except: ['./notation', './engine'],
    message: 'notation depends on the engine (public entry) only.',
  },
  {
    target: './src/game',
    from: './src',
    except: ['./game', './notation', './engine'],
    message: 'game depends on notation and the engine only.',
  },
  {
    target: './src/league',
    from: './src',
    except: ['./league', './game', './notation', './engine'],
    message: 'league computes from the games’ results (its store is a port): no Discord, Prisma or pictures.',
  },
  {
    target: './src/ai',
    from: './src',
    except: ['./ai', './notation', './engine'],
    message:
      'The AI is a client of the engine (docs/ai.md): it imports nothing from the game service, the bot or the store.',
  },
  {
    target: './src/seats',
    from: './src',
    except: ['./seats', './ai', './game', './notation', './engine', './log.ts'],
    message: 'seats plays the AI seats through the game service: no Discord, Prisma or pictures.',
  },
  {
    target: './src/render',
    from: './src',
    except: ['./render', './engine'],
    message: 'render draws engine states only.',
  },
  {
    target: './src/store',
    from: './src',
    except: ['./store', './game', './league', './generated', './log.ts'],
    message: 'store implements the game repository port.',
  },
  {
    target: './src/bot',
    from: './src',
    except: ['./bot', './game', './league', './notation', './render', './i18n', './engine', './log.ts', './version.ts'],
    message: 'bot adapts the game service to Discord.',
  },
  {
    target: './src/i18n',
    from: './src',
    except: ['./i18n', './notation', './engine'],
    message: 'i18n holds texts only.',
  },
];

/** Everything but the engine and its own tests reaches the engine through src/engine/index.ts. */
const publicEngine = {
  target: ['./src/!(engine)/**', './src/*.ts', './bench', './scripts', './test/!(engine)/**'],
  from: './src/engine',
  except: ['./index.ts'],
  message: 'Outside the engine, import only its public entry (src/engine/index.ts).',
};

/**
 * Development tools (the wasm schema engine) stay off the bot's path: nothing the bot runs imports
 * them, and only development files import devDependencies (a production install omits them).
 */
const devTools = {
  target: ['./src/!(store)/**', './src/*.ts', './src/store/*.ts'],
  from: './src/store/dev',
  message: 'src/store/dev is for development only (devDependencies); the bot must not import it.',
};
const developmentFiles = [
  '**/*.test.ts',
  '**/testing.ts',
  '**/test-helpers.ts',
  'test/**',
  'bench/**',
  'scripts/**',
  'src/store/dev/**',
  '*.config.*',
];

/** Tests and their helpers wire layers together as main does; they keep the engine's public entry. */
const testFiles = ['**/*.test.ts', 'src/**/testing.ts', 'test/**'];

export default tseslint.config(
  { ignores: ['node_modules/', 'src/generated/', 'data/', 'out/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.js', '**/*.mjs'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    // import-x reads TypeScript modules to follow imports (no-cycle needs the whole graph).
    settings: {
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layers, publicEngine, devTools] }],
      // A cycle makes module order matter and hides which layer owns a rule (type-only imports are fine).
      'import-x/no-cycle': 'error',
      'import-x/no-extraneous-dependencies': ['error', { devDependencies: developmentFiles }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware rules: a switch over a union names every case, and no promise is dropped unawaited.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [publicEngine] }] },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/bot/**', 'src/main.ts', 'src/tools/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'discord.js', message: 'Only src/bot touches discord.js.' }] },
      ],
    },
  },
  {
    // packages/better-sqlite3-node20 hands Node 20 the better-sqlite3 it depends on, as CommonJS.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The fake Discord reads and writes Discord's wire JSON as it comes, like the real API does.
    files: ['test/support/fake-discord.ts', 'test/support/fake-discord/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
