/** Types of build-freshness.cjs (see it for what each does). */
export declare const ROOT: string;
export declare const DIST: string;
export declare const SERVER_SOURCES: readonly string[];
export declare const CLIENT_SOURCES: readonly string[];
export declare function newest(entry: string): number;
export declare function stampOf(name: string): string;
export declare function isFresh(stamp: string, sources: readonly string[], root?: string): boolean;
export declare function writeStamp(stamp: string, began: Date): void;
