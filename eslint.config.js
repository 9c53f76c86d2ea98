// ESLint flat config: typescript-eslint's type-aware recommended rules over every TypeScript file the
// project's tsconfig.json covers. Formatting is Prettier's job (`prettier --check` in `npm run lint`).
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import tseslint from "typescript-eslint";

export default defineConfig(
  // Build output and generated code (test/gql/ and documents/gql/ are written by `npm run codegen`).
  // Hidden directories hold tooling and scratch files, not project sources.
  globalIgnores(["dist/", "coverage/", "test/gql/", "documents/gql/", ".*/"]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["eslint.config.js", ".dependency-cruiser.cjs"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A promise nobody awaits loses its rejection; `void` marks the deliberate ones.
      "@typescript-eslint/no-floating-promises": "error",
      // An async callback where a void one is expected (event emitters, node:http handlers) drops its
      // rejection. Attributes (JSX) do not apply here.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Template literals with numbers are how ports and counts reach messages.
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true, allowBoolean: true }],
    },
  },
  {
    // Tests read JSON replies (fetch bodies, sandbox answers) and assert on their shape at run time;
    // typing every reply only to satisfy the `any` rules would repeat what the assertions check.
    files: ["test/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    // Plain JavaScript (this file, the layer rules): no type information to lint with.
    files: ["**/*.js", "**/*.cjs"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // dependency-cruiser reads its rules as a CommonJS module.
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { module: "writable" } },
  },
);
