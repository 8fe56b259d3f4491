export function serverOutputs(root: string): string[];
export function scanSources(root: string, inputs: string[]): string[];
export function sourcesMatchRecord(root: string, inputs: string[], record: string): boolean;
export function writeSourcesRecord(record: string, sources: string[]): void;
export function compiledServerIsCurrent(root: string): boolean;
export function compileServer(root: string): Promise<void>;
