// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'reports/**',
      'spec/generated/**',
      'test-results/**',
      'playwright-report/**',
      // Stryker's instrumented copy of the tree, left behind by an interrupted mutation run.
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js', 'tools/mutation/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
    },
  },
  { files: ['eslint.config.js', 'tools/mutation/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    // What differs between API versions is read from the version profiles of spec/ (docs/versions.md):
    // a version name in code would make a future version behave as whichever old one it names.
    // spec/ defines the versions; tests and their fixtures name the versions they exercise.
    files: ['**/*.ts', '**/*.mts'],
    ignores: ['spec/**', 'test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^v\\d+(\\.\\d+\\.\\d+)?$/]',
          message:
            'API version literal outside spec/: read the version profile (spec/lib versionProfile, apiVersions, newestApiVersion); see docs/versions.md.',
        },
        {
          selector: 'Literal[value=/stet.psd2.v\\d/]',
          message:
            'A resource path naming an API version outside spec/: build it from the version (`/stet/psd2/${version}/…`); see docs/versions.md.',
        },
        {
          selector: 'TemplateElement[value.raw=/stet.psd2.v\\d/]',
          message:
            'A resource path naming an API version outside spec/: build it from the version (`/stet/psd2/${version}/…`); see docs/versions.md.',
        },
      ],
    },
  },
);
