export const TESTED_NODE: number[];
export function runtimeProblem(node: string, sqlite: string | null): string | null;
export function installedSqliteVersion(): string | null;
export function checkRuntime(node?: string): void;
