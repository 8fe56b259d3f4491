export function serverOutputs(root: string): string[];
export function compiledServerIsCurrent(root: string): boolean;
export function compileServer(root: string): Promise<void>;
