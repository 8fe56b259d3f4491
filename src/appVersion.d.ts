/** package.json's version, written into the build by vite.config.ts. */
declare const __APP_VERSION__: string;
