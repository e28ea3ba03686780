/** The shape of the generated catalog data (src/generated/catalog-data.ts) that validateInput reads. */

/** A prop as validateInput checks it. */
export interface PropData {
  type: string;
  required?: boolean;
  defaultValue?: unknown;
  /** NUMBER */
  integer?: boolean;
  min?: number;
  max?: number;
  /** STATIC_DROPDOWN and STATIC_MULTI_SELECT_DROPDOWN: the allowed values. */
  options?: unknown[];
  /** ARRAY: the props of each item. */
  properties?: Record<string, PropData>;
}

/** integration → action → prop name → prop, in the order the service checks the props. */
export type CatalogData = Record<string, Record<string, Record<string, PropData>>>;
