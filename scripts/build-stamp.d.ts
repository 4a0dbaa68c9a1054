// Types for build-stamp.js (plain JavaScript so server.js can run it without a compiler).
export declare const stampFile: (root: string) => string;
export declare function sourceHash(root: string): string;
export declare function buildIsCurrent(root: string): boolean;
