export declare const SERVER_NODE_FLAGS: string[];
export declare function serverArgs(...imports: string[]): string[];
export declare function compiledServerArgs(...imports: string[]): string[];
export declare const E2E_SERVER_LOG: string;
