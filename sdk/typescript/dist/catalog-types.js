/** The shape of the generated catalog data (src/generated/catalog-data.ts) that validateInput reads. */
export {};
