/**
 * `@switchboard/sdk/catalog`: the catalog this SDK was generated from, and validateInput, which checks an action's
 * input locally the way the service does (src/integrations/validate.ts and file-input.ts in the service): the same
 * field paths and messages, in the order the service checks them, so that the first problem is the service's
 * VALIDATION_ERROR details[0]. A separate entry point, so that the client's bundle does not carry the catalog.
 *
 * It checks the input as given: defaults and partials the service merges first (input partials, enforced keys) are
 * not known here, and props resolved at run time (DROPDOWN, DYNAMIC) are not checked.
 */
import type { CatalogData, PropData } from './catalog-types.js';
import type { ActionInput } from './execute.js';
import { CATALOG } from './generated/catalog-data.js';
export { CATALOG };
export type { CatalogData, PropData };
export type { ActionInputs, FileInput, IntegrationName } from './generated/catalog.js';
/** One problem: `field` as the service names it (input.items[0].name), `message` its words (is required). */
export interface InputProblem {
    field: string;
    message: string;
}
/**
 * Every problem of `input` for `action` of `integration`, in the order the service checks them; [] when the
 * service would accept it (as far as the catalog tells). Throws an Error for an integration or action this SDK's
 * catalog does not know. `options.catalog` checks against another catalog (CatalogData) instead.
 */
export declare function validateInput<I extends string, A extends string>(integration: I, action: A, input: ActionInput<I, A> | Record<string, unknown>, options?: {
    catalog?: CatalogData;
}): InputProblem[];
/**
 * CatalogData from a running service's catalog (the answer of client.integrations.list()), so that validateInput
 * can check the actions of pieces an operator added at run time: `validateInput(i, a, input, { catalog })`.
 */
export declare function catalogFromIntegrations(body: {
    integrations: ReadonlyArray<Record<string, unknown>>;
}): CatalogData;
