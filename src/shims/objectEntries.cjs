/* global module */
// node-polyglot asks for the "object.entries" polyfill (about 15 KB gzip with es-abstract) for
// browsers without Object.entries; every browser Adam supports has it.
module.exports = Object.entries;
