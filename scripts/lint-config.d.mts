/** Types of scripts/lint-config.mjs, a plain script that Node runs as it is. */
export interface LintConfig {
  overrides: { files: string[]; rules: Record<string, unknown> }[];
  [setting: string]: unknown;
}
export declare const SERVER_MODULE_ORDER: readonly string[];
export declare function buildConfig(root: string): LintConfig;
export declare function configText(root: string): Promise<string>;
