import type { AuthOption, Prop } from './framework.js';

/** One field of a connection: described as a prop, and where its value goes in POST /api/v1/connections. */
export interface AuthField {
  prop: Prop;
  /** `secretText`, `username`, `password` or `props.<name>` */
  field: string;
}

/**
 * The fields a connection of this auth option is made of, keyed by name: the one secret of SECRET_TEXT, the two
 * of BASIC_AUTH (labelled as the integration labels them), the props of CUSTOM_AUTH, and the extra props an OAUTH2
 * integration reads (its tokens come from the sign-in). The catalog and the connect form both read this.
 */
export function authFields(option: AuthOption): Record<string, AuthField> {
  switch (option.type) {
    case 'SECRET_TEXT':
      return {
        secretText: {
          field: 'secretText',
          prop: {
            type: 'SECRET_TEXT',
            displayName: option.displayName || 'API key',
            ...(option.description ? { description: option.description } : {}),
            required: true,
          },
        },
      };
    case 'BASIC_AUTH':
      return {
        username: {
          field: 'username',
          prop: {
            type: 'SHORT_TEXT',
            displayName: option.username?.displayName ?? 'Username',
            ...(option.username?.description ? { description: option.username.description } : {}),
            required: true,
          },
        },
        password: {
          field: 'password',
          prop: {
            type: 'SECRET_TEXT',
            displayName: option.password?.displayName ?? 'Password',
            ...(option.password?.description ? { description: option.password.description } : {}),
            required: true,
          },
        },
      };
    case 'CUSTOM_AUTH':
    case 'OAUTH2':
      return Object.fromEntries(Object.entries(option.props ?? {}).map(([k, prop]) => [k, { field: `props.${k}`, prop }]));
    default:
      return {};
  }
}
