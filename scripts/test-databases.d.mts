import type pg from 'pg';

export declare const RUN_ID_VARIABLE: string;
export declare const STALE_AFTER_MS: number;
export declare function newRunId(now?: number): string;
export declare function testRunId(): string;
export declare function runPrefix(runId?: string): string;
export declare function runDatabaseName(kind: string, options?: { unique?: boolean }): string;
export declare function runStartedAt(datname: string): number | null;
export declare function isStale(datname: string, now?: number): boolean;
export declare function dropRunDatabases(client: pg.Client, runId?: string): Promise<string[]>;
export declare function dropStaleDatabases(client: pg.Client, now?: number): Promise<string[]>;
