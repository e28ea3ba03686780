import type { CatalogData } from '../catalog-types.js';
/** The props of every action, by integration and action name, in the order the service checks them. */
export declare const CATALOG: CatalogData;
