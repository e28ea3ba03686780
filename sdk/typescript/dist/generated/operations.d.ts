import type { ExecuteMethod } from '../execute.js';
import type { BytesResponse, JsonResponse, PageItem, PathParams, QueryParams, RequestBody, RequestOptions } from '../types.js';
/** How to call each operation: its resource group and method, HTTP method and path, and what it takes and answers. */
export declare const OPERATIONS: {
    readonly "health.check": {
        readonly group: "health";
        readonly method: "check";
        readonly httpMethod: "GET";
        readonly path: "/healthz";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "health.ready": {
        readonly group: "health";
        readonly method: "ready";
        readonly httpMethod: "GET";
        readonly path: "/readyz";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "operator.listOrganizations": {
        readonly group: "operator";
        readonly method: "listOrganizations";
        readonly httpMethod: "GET";
        readonly path: "/operator/v1/organizations";
        readonly pathParams: readonly [];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
        readonly page: {
            readonly kind: "offset";
            readonly items: "organizations";
            readonly iterator: "iterateOrganizations";
        };
    };
    readonly "operator.createOrganization": {
        readonly group: "operator";
        readonly method: "createOrganization";
        readonly httpMethod: "POST";
        readonly path: "/operator/v1/organizations";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "operator.getOrganization": {
        readonly group: "operator";
        readonly method: "getOrganization";
        readonly httpMethod: "GET";
        readonly path: "/operator/v1/organizations/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "operator.updateOrganization": {
        readonly group: "operator";
        readonly method: "updateOrganization";
        readonly httpMethod: "PATCH";
        readonly path: "/operator/v1/organizations/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "operator.listIntegrations": {
        readonly group: "operator";
        readonly method: "listIntegrations";
        readonly httpMethod: "GET";
        readonly path: "/operator/v1/integrations";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "operator.addIntegration": {
        readonly group: "operator";
        readonly method: "addIntegration";
        readonly httpMethod: "POST";
        readonly path: "/operator/v1/integrations";
        readonly pathParams: readonly [];
        readonly query: true;
        readonly body: true;
        readonly response: "json";
    };
    readonly "operator.getIntegrationJob": {
        readonly group: "operator";
        readonly method: "getIntegrationJob";
        readonly httpMethod: "GET";
        readonly path: "/operator/v1/integration-jobs/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "auth.signUp": {
        readonly group: "auth";
        readonly method: "signUp";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/auth/sign-up";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "auth.signIn": {
        readonly group: "auth";
        readonly method: "signIn";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/auth/sign-in";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "auth.signOut": {
        readonly group: "auth";
        readonly method: "signOut";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/auth/sign-out";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "auth.getSession": {
        readonly group: "auth";
        readonly method: "getSession";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/auth/session";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "auth.requestEmailVerification": {
        readonly group: "auth";
        readonly method: "requestEmailVerification";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/auth/verify-email/request";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "auth.confirmEmailVerification": {
        readonly group: "auth";
        readonly method: "confirmEmailVerification";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/auth/verify-email/confirm";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "auth.requestPasswordReset": {
        readonly group: "auth";
        readonly method: "requestPasswordReset";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/auth/password-reset/request";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "auth.confirmPasswordReset": {
        readonly group: "auth";
        readonly method: "confirmPasswordReset";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/auth/password-reset/confirm";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "workspaces.list": {
        readonly group: "workspaces";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/workspaces";
        readonly pathParams: readonly [];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
        readonly page: {
            readonly kind: "offset";
            readonly items: "workspaces";
            readonly iterator: "iterate";
        };
    };
    readonly "workspaces.create": {
        readonly group: "workspaces";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/workspaces";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "workspaces.get": {
        readonly group: "workspaces";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/workspaces/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "workspaces.update": {
        readonly group: "workspaces";
        readonly method: "update";
        readonly httpMethod: "PATCH";
        readonly path: "/api/v1/workspaces/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "workspaces.delete": {
        readonly group: "workspaces";
        readonly method: "delete";
        readonly httpMethod: "DELETE";
        readonly path: "/api/v1/workspaces/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "apiKeys.list": {
        readonly group: "apiKeys";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/api-keys";
        readonly pathParams: readonly [];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
        readonly page: {
            readonly kind: "offset";
            readonly items: "apiKeys";
            readonly iterator: "iterate";
        };
    };
    readonly "apiKeys.create": {
        readonly group: "apiKeys";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/api-keys";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "apiKeys.delete": {
        readonly group: "apiKeys";
        readonly method: "delete";
        readonly httpMethod: "DELETE";
        readonly path: "/api/v1/api-keys/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "endUsers.list": {
        readonly group: "endUsers";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/end-users";
        readonly pathParams: readonly [];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
        readonly page: {
            readonly kind: "offset";
            readonly items: "endUsers";
            readonly iterator: "iterate";
        };
    };
    readonly "endUsers.create": {
        readonly group: "endUsers";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/end-users";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "endUsers.get": {
        readonly group: "endUsers";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/end-users/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "endUsers.update": {
        readonly group: "endUsers";
        readonly method: "update";
        readonly httpMethod: "PATCH";
        readonly path: "/api/v1/end-users/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "endUsers.delete": {
        readonly group: "endUsers";
        readonly method: "delete";
        readonly httpMethod: "DELETE";
        readonly path: "/api/v1/end-users/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "endUsers.createConnectToken": {
        readonly group: "endUsers";
        readonly method: "createConnectToken";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/end-users/{id}/connect-token";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "endUsers.invite": {
        readonly group: "endUsers";
        readonly method: "invite";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/end-users/{id}/invite";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "members.list": {
        readonly group: "members";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/members";
        readonly pathParams: readonly [];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
        readonly page: {
            readonly kind: "offset";
            readonly items: "members";
            readonly iterator: "iterate";
        };
    };
    readonly "members.invite": {
        readonly group: "members";
        readonly method: "invite";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/members/invite";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "members.listInvitations": {
        readonly group: "members";
        readonly method: "listInvitations";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/members/invitations";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "members.deleteInvitation": {
        readonly group: "members";
        readonly method: "deleteInvitation";
        readonly httpMethod: "DELETE";
        readonly path: "/api/v1/members/invitations/{invitationId}";
        readonly pathParams: readonly ["invitationId"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "members.acceptInvitation": {
        readonly group: "members";
        readonly method: "acceptInvitation";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/members/invitations/{invitationId}/accept";
        readonly pathParams: readonly ["invitationId"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "members.update": {
        readonly group: "members";
        readonly method: "update";
        readonly httpMethod: "PATCH";
        readonly path: "/api/v1/members/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "members.delete": {
        readonly group: "members";
        readonly method: "delete";
        readonly httpMethod: "DELETE";
        readonly path: "/api/v1/members/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "workspaceMembers.list": {
        readonly group: "workspaceMembers";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/workspace-members";
        readonly pathParams: readonly [];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
        readonly page: {
            readonly kind: "offset";
            readonly items: "projectMembers";
            readonly iterator: "iterate";
        };
    };
    readonly "workspaceMembers.add": {
        readonly group: "workspaceMembers";
        readonly method: "add";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/workspace-members";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "workspaceMembers.delete": {
        readonly group: "workspaceMembers";
        readonly method: "delete";
        readonly httpMethod: "DELETE";
        readonly path: "/api/v1/workspace-members/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "me.listOrganizations": {
        readonly group: "me";
        readonly method: "listOrganizations";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/me/organizations";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "me.listInvitations": {
        readonly group: "me";
        readonly method: "listInvitations";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/me/invitations";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "organizations.create": {
        readonly group: "organizations";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/organizations";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "organization.get": {
        readonly group: "organization";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/organization";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "organization.update": {
        readonly group: "organization";
        readonly method: "update";
        readonly httpMethod: "PATCH";
        readonly path: "/api/v1/organization";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "operator.listActionPacks": {
        readonly group: "operator";
        readonly method: "listActionPacks";
        readonly httpMethod: "GET";
        readonly path: "/operator/v1/organizations/{id}/action-packs";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "operator.addActionPack": {
        readonly group: "operator";
        readonly method: "addActionPack";
        readonly httpMethod: "POST";
        readonly path: "/operator/v1/organizations/{id}/action-packs";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "operator.deleteActionPack": {
        readonly group: "operator";
        readonly method: "deleteActionPack";
        readonly httpMethod: "DELETE";
        readonly path: "/operator/v1/organizations/{id}/action-packs/{packId}";
        readonly pathParams: readonly ["id", "packId"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "operator.getUsage": {
        readonly group: "operator";
        readonly method: "getUsage";
        readonly httpMethod: "GET";
        readonly path: "/operator/v1/organizations/{id}/usage";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "organization.getUsage": {
        readonly group: "organization";
        readonly method: "getUsage";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/organization/usage";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "files.download": {
        readonly group: "files";
        readonly method: "download";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/files/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: true;
        readonly body: false;
        readonly response: "bytes";
    };
    readonly "customIntegrations.list": {
        readonly group: "customIntegrations";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/custom-integrations";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "customIntegrations.create": {
        readonly group: "customIntegrations";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/custom-integrations";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "customIntegrations.get": {
        readonly group: "customIntegrations";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/custom-integrations/{name}";
        readonly pathParams: readonly ["name"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "customIntegrations.update": {
        readonly group: "customIntegrations";
        readonly method: "update";
        readonly httpMethod: "PUT";
        readonly path: "/api/v1/custom-integrations/{name}";
        readonly pathParams: readonly ["name"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "customIntegrations.delete": {
        readonly group: "customIntegrations";
        readonly method: "delete";
        readonly httpMethod: "DELETE";
        readonly path: "/api/v1/custom-integrations/{name}";
        readonly pathParams: readonly ["name"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "operator.listCustomIntegrations": {
        readonly group: "operator";
        readonly method: "listCustomIntegrations";
        readonly httpMethod: "GET";
        readonly path: "/operator/v1/custom-integrations";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "operator.publishCustomIntegration": {
        readonly group: "operator";
        readonly method: "publishCustomIntegration";
        readonly httpMethod: "POST";
        readonly path: "/operator/v1/custom-integrations";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "operator.reimportCustomIntegration": {
        readonly group: "operator";
        readonly method: "reimportCustomIntegration";
        readonly httpMethod: "PUT";
        readonly path: "/operator/v1/custom-integrations/{name}";
        readonly pathParams: readonly ["name"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "operator.deleteCustomIntegration": {
        readonly group: "operator";
        readonly method: "deleteCustomIntegration";
        readonly httpMethod: "DELETE";
        readonly path: "/operator/v1/custom-integrations/{name}";
        readonly pathParams: readonly ["name"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "oauthApps.list": {
        readonly group: "oauthApps";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/oauth-apps";
        readonly pathParams: readonly [];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
        readonly page: {
            readonly kind: "offset";
            readonly items: "oauthApps";
            readonly iterator: "iterate";
        };
    };
    readonly "oauthApps.create": {
        readonly group: "oauthApps";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/oauth-apps";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "oauthApps.get": {
        readonly group: "oauthApps";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/oauth-apps/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "oauthApps.update": {
        readonly group: "oauthApps";
        readonly method: "update";
        readonly httpMethod: "PATCH";
        readonly path: "/api/v1/oauth-apps/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "oauthApps.delete": {
        readonly group: "oauthApps";
        readonly method: "delete";
        readonly httpMethod: "DELETE";
        readonly path: "/api/v1/oauth-apps/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "operator.listOAuthApps": {
        readonly group: "operator";
        readonly method: "listOAuthApps";
        readonly httpMethod: "GET";
        readonly path: "/operator/v1/oauth-apps";
        readonly pathParams: readonly [];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
        readonly page: {
            readonly kind: "offset";
            readonly items: "oauthApps";
            readonly iterator: "iterateOAuthApps";
        };
    };
    readonly "operator.createOAuthApp": {
        readonly group: "operator";
        readonly method: "createOAuthApp";
        readonly httpMethod: "POST";
        readonly path: "/operator/v1/oauth-apps";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "operator.updateOAuthApp": {
        readonly group: "operator";
        readonly method: "updateOAuthApp";
        readonly httpMethod: "PATCH";
        readonly path: "/operator/v1/oauth-apps/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "operator.deleteOAuthApp": {
        readonly group: "operator";
        readonly method: "deleteOAuthApp";
        readonly httpMethod: "DELETE";
        readonly path: "/operator/v1/oauth-apps/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "webhookEndpoints.events": {
        readonly group: "webhookEndpoints";
        readonly method: "events";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/webhook-endpoints/events";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "webhookEndpoints.list": {
        readonly group: "webhookEndpoints";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/webhook-endpoints";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "webhookEndpoints.create": {
        readonly group: "webhookEndpoints";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/webhook-endpoints";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "webhookEndpoints.get": {
        readonly group: "webhookEndpoints";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/webhook-endpoints/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "webhookEndpoints.update": {
        readonly group: "webhookEndpoints";
        readonly method: "update";
        readonly httpMethod: "PATCH";
        readonly path: "/api/v1/webhook-endpoints/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "webhookEndpoints.delete": {
        readonly group: "webhookEndpoints";
        readonly method: "delete";
        readonly httpMethod: "DELETE";
        readonly path: "/api/v1/webhook-endpoints/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "webhookEndpoints.test": {
        readonly group: "webhookEndpoints";
        readonly method: "test";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/webhook-endpoints/{id}/test";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "webhookEndpoints.deliveries": {
        readonly group: "webhookEndpoints";
        readonly method: "deliveries";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/webhook-endpoints/{id}/deliveries";
        readonly pathParams: readonly ["id"];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
        readonly page: {
            readonly kind: "offset";
            readonly items: "deliveries";
            readonly iterator: "iterateDeliveries";
        };
    };
    readonly "webhookEndpoints.redeliver": {
        readonly group: "webhookEndpoints";
        readonly method: "redeliver";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver";
        readonly pathParams: readonly ["id", "deliveryId"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "connections.list": {
        readonly group: "connections";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/connections";
        readonly pathParams: readonly [];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
        readonly page: {
            readonly kind: "offset";
            readonly items: "connections";
            readonly iterator: "iterate";
        };
    };
    readonly "connections.create": {
        readonly group: "connections";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/connections";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "connections.resolve": {
        readonly group: "connections";
        readonly method: "resolve";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/connections/resolve";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "connections.get": {
        readonly group: "connections";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/connections/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "connections.delete": {
        readonly group: "connections";
        readonly method: "delete";
        readonly httpMethod: "DELETE";
        readonly path: "/api/v1/connections/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "workspaceIntegrations.list": {
        readonly group: "workspaceIntegrations";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/workspaces/{workspaceId}/integrations";
        readonly pathParams: readonly ["workspaceId"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "workspaceIntegrations.create": {
        readonly group: "workspaceIntegrations";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/workspaces/{workspaceId}/integrations";
        readonly pathParams: readonly ["workspaceId"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "workspaceIntegrations.get": {
        readonly group: "workspaceIntegrations";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/workspaces/{workspaceId}/integrations/{id}";
        readonly pathParams: readonly ["workspaceId", "id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "workspaceIntegrations.update": {
        readonly group: "workspaceIntegrations";
        readonly method: "update";
        readonly httpMethod: "PATCH";
        readonly path: "/api/v1/workspaces/{workspaceId}/integrations/{id}";
        readonly pathParams: readonly ["workspaceId", "id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "workspaceIntegrations.delete": {
        readonly group: "workspaceIntegrations";
        readonly method: "delete";
        readonly httpMethod: "DELETE";
        readonly path: "/api/v1/workspaces/{workspaceId}/integrations/{id}";
        readonly pathParams: readonly ["workspaceId", "id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "partials.list": {
        readonly group: "partials";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/partials";
        readonly pathParams: readonly [];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
    };
    readonly "partials.create": {
        readonly group: "partials";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/partials";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "partials.get": {
        readonly group: "partials";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/partials/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "partials.update": {
        readonly group: "partials";
        readonly method: "update";
        readonly httpMethod: "PATCH";
        readonly path: "/api/v1/partials/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "partials.delete": {
        readonly group: "partials";
        readonly method: "delete";
        readonly httpMethod: "DELETE";
        readonly path: "/api/v1/partials/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "partials.setDefault": {
        readonly group: "partials";
        readonly method: "setDefault";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/partials/{id}/set-default";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "approvalPolicies.list": {
        readonly group: "approvalPolicies";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/approval-policies";
        readonly pathParams: readonly [];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
        readonly page: {
            readonly kind: "offset";
            readonly items: "policies";
            readonly iterator: "iterate";
        };
    };
    readonly "approvalPolicies.create": {
        readonly group: "approvalPolicies";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/approval-policies";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "approvalPolicies.test": {
        readonly group: "approvalPolicies";
        readonly method: "test";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/approval-policies/test";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "approvalPolicies.get": {
        readonly group: "approvalPolicies";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/approval-policies/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "approvalPolicies.update": {
        readonly group: "approvalPolicies";
        readonly method: "update";
        readonly httpMethod: "PATCH";
        readonly path: "/api/v1/approval-policies/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "approvalPolicies.delete": {
        readonly group: "approvalPolicies";
        readonly method: "delete";
        readonly httpMethod: "DELETE";
        readonly path: "/api/v1/approval-policies/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "approvals.list": {
        readonly group: "approvals";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/approvals";
        readonly pathParams: readonly [];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
        readonly page: {
            readonly kind: "cursor";
            readonly items: "approvals";
            readonly iterator: "iterate";
        };
    };
    readonly "approvals.get": {
        readonly group: "approvals";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/approvals/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "approvals.approve": {
        readonly group: "approvals";
        readonly method: "approve";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/approvals/{id}/approve";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "approvals.reject": {
        readonly group: "approvals";
        readonly method: "reject";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/approvals/{id}/reject";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "approvals.cancel": {
        readonly group: "approvals";
        readonly method: "cancel";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/approvals/{id}/cancel";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "connect.createToken": {
        readonly group: "connect";
        readonly method: "createToken";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/connect/token";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "connect.getSession": {
        readonly group: "connect";
        readonly method: "getSession";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/connect/session/{sessionId}";
        readonly pathParams: readonly ["sessionId"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "connect.pollSession": {
        readonly group: "connect";
        readonly method: "pollSession";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/connect/session/poll";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "actions.execute": {
        readonly group: "actions";
        readonly method: "execute";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/actions/execute";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "activity.list": {
        readonly group: "activity";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/activity";
        readonly pathParams: readonly [];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
        readonly page: {
            readonly kind: "cursor";
            readonly items: "activity";
            readonly iterator: "iterate";
        };
    };
    readonly "integrations.list": {
        readonly group: "integrations";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/integrations";
        readonly pathParams: readonly [];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
    };
    readonly "integrations.oauthStatus": {
        readonly group: "integrations";
        readonly method: "oauthStatus";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/integrations/oauth-status";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "integrations.propertyOptions": {
        readonly group: "integrations";
        readonly method: "propertyOptions";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/integrations/{integrationName}/properties/options";
        readonly pathParams: readonly ["integrationName"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "integrations.resolveProperties": {
        readonly group: "integrations";
        readonly method: "resolveProperties";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/integrations/{integrationName}/properties/resolve";
        readonly pathParams: readonly ["integrationName"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "integrations.logo": {
        readonly group: "integrations";
        readonly method: "logo";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/integrations/{integrationName}/logo";
        readonly pathParams: readonly ["integrationName"];
        readonly query: true;
        readonly body: false;
        readonly response: "bytes";
    };
    readonly "webhookSigningSecret.rotate": {
        readonly group: "webhookSigningSecret";
        readonly method: "rotate";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/webhook-signing-secret/rotate";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "webhookSigningSecret.get": {
        readonly group: "webhookSigningSecret";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/webhook-signing-secret";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "webhookSigningSecret.delete": {
        readonly group: "webhookSigningSecret";
        readonly method: "delete";
        readonly httpMethod: "DELETE";
        readonly path: "/api/v1/webhook-signing-secret";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "triggers.enable": {
        readonly group: "triggers";
        readonly method: "enable";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/triggers/enable";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "triggers.disable": {
        readonly group: "triggers";
        readonly method: "disable";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/triggers/disable";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "triggers.test": {
        readonly group: "triggers";
        readonly method: "test";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/triggers/test";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "triggers.list": {
        readonly group: "triggers";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/triggers";
        readonly pathParams: readonly [];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
        readonly page: {
            readonly kind: "offset";
            readonly items: "triggers";
            readonly iterator: "iterate";
        };
    };
    readonly "triggers.listEvents": {
        readonly group: "triggers";
        readonly method: "listEvents";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/triggers/{id}/events";
        readonly pathParams: readonly ["id"];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
        readonly page: {
            readonly kind: "offset";
            readonly items: "events";
            readonly iterator: "iterateEvents";
        };
    };
    readonly "triggers.redeliverEvent": {
        readonly group: "triggers";
        readonly method: "redeliverEvent";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/triggers/{id}/events/{eventId}/redeliver";
        readonly pathParams: readonly ["id", "eventId"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "triggers.get": {
        readonly group: "triggers";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/triggers/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "triggers.reEnable": {
        readonly group: "triggers";
        readonly method: "reEnable";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/triggers/{id}/enable";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "triggers.redeliverRange": {
        readonly group: "triggers";
        readonly method: "redeliverRange";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/triggers/{id}/events/redeliver";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "triggers.sendTestEvent": {
        readonly group: "triggers";
        readonly method: "sendTestEvent";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/triggers/{id}/test-event";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "mcpServers.list": {
        readonly group: "mcpServers";
        readonly method: "list";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/mcp/servers";
        readonly pathParams: readonly [];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
        readonly page: {
            readonly kind: "offset";
            readonly items: "servers";
            readonly iterator: "iterate";
        };
    };
    readonly "mcpServers.create": {
        readonly group: "mcpServers";
        readonly method: "create";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/mcp/servers";
        readonly pathParams: readonly [];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "mcpServers.get": {
        readonly group: "mcpServers";
        readonly method: "get";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/mcp/servers/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "mcpServers.update": {
        readonly group: "mcpServers";
        readonly method: "update";
        readonly httpMethod: "PATCH";
        readonly path: "/api/v1/mcp/servers/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "mcpServers.delete": {
        readonly group: "mcpServers";
        readonly method: "delete";
        readonly httpMethod: "DELETE";
        readonly path: "/api/v1/mcp/servers/{id}";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "mcpServers.regenerateToken": {
        readonly group: "mcpServers";
        readonly method: "regenerateToken";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/mcp/servers/{id}/regenerate-token";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "mcpServers.createAccessToken": {
        readonly group: "mcpServers";
        readonly method: "createAccessToken";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/mcp/servers/{id}/access-tokens";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "mcpServers.createOAuthToken": {
        readonly group: "mcpServers";
        readonly method: "createOAuthToken";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/mcp/servers/{id}/oauth-tokens";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "mcpServers.listTokens": {
        readonly group: "mcpServers";
        readonly method: "listTokens";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/mcp/servers/{id}/tokens";
        readonly pathParams: readonly ["id"];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
        readonly page: {
            readonly kind: "offset";
            readonly items: "tokens";
            readonly iterator: "iterateTokens";
        };
    };
    readonly "mcpServers.deleteToken": {
        readonly group: "mcpServers";
        readonly method: "deleteToken";
        readonly httpMethod: "DELETE";
        readonly path: "/api/v1/mcp/servers/{id}/tokens/{tokenId}";
        readonly pathParams: readonly ["id", "tokenId"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "mcpServers.addTool": {
        readonly group: "mcpServers";
        readonly method: "addTool";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/mcp/servers/{id}/tools";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "mcpServers.updateTool": {
        readonly group: "mcpServers";
        readonly method: "updateTool";
        readonly httpMethod: "PATCH";
        readonly path: "/api/v1/mcp/servers/{id}/tools/{toolId}";
        readonly pathParams: readonly ["id", "toolId"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "mcpServers.deleteTool": {
        readonly group: "mcpServers";
        readonly method: "deleteTool";
        readonly httpMethod: "DELETE";
        readonly path: "/api/v1/mcp/servers/{id}/tools/{toolId}";
        readonly pathParams: readonly ["id", "toolId"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
    readonly "mcpServers.executeCode": {
        readonly group: "mcpServers";
        readonly method: "executeCode";
        readonly httpMethod: "POST";
        readonly path: "/api/v1/mcp/servers/{id}/execute-code";
        readonly pathParams: readonly ["id"];
        readonly query: false;
        readonly body: true;
        readonly response: "json";
    };
    readonly "mcpServers.listCodeRuns": {
        readonly group: "mcpServers";
        readonly method: "listCodeRuns";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/mcp/servers/{id}/code-runs";
        readonly pathParams: readonly ["id"];
        readonly query: true;
        readonly body: false;
        readonly response: "json";
        readonly page: {
            readonly kind: "offset";
            readonly items: "runs";
            readonly iterator: "iterateCodeRuns";
        };
    };
    readonly "mcpServers.getDeclarations": {
        readonly group: "mcpServers";
        readonly method: "getDeclarations";
        readonly httpMethod: "GET";
        readonly path: "/api/v1/mcp/servers/{id}/declarations/{alias}";
        readonly pathParams: readonly ["id", "alias"];
        readonly query: false;
        readonly body: false;
        readonly response: "json";
    };
};
export type OperationId = keyof typeof OPERATIONS;
/** The resource groups, as the client's properties. */
export declare const GROUPS: readonly ["health", "operator", "auth", "workspaces", "apiKeys", "endUsers", "members", "workspaceMembers", "me", "organizations", "organization", "files", "customIntegrations", "oauthApps", "webhookEndpoints", "connections", "workspaceIntegrations", "partials", "approvalPolicies", "approvals", "connect", "actions", "activity", "integrations", "webhookSigningSecret", "triggers", "mcpServers"];
export interface HealthGroup {
    /** GET /healthz — The process is up */
    check(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"health.check", 200>>;
    /** GET /readyz — The database answers */
    ready(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"health.ready", 200>>;
}
export interface OperatorGroup {
    /** GET /operator/v1/organizations — List organizations */
    listOrganizations(args?: {
        query?: QueryParams<"operator.listOrganizations">;
    }, options?: RequestOptions): Promise<JsonResponse<"operator.listOrganizations", 200>>;
    /** Every item of operator.listOrganizations, page after page (limit/offset until total). */
    iterateOrganizations(args?: {
        query?: QueryParams<"operator.listOrganizations">;
    }, options?: RequestOptions): AsyncIterable<PageItem<"operator.listOrganizations", "organizations">>;
    /** POST /operator/v1/organizations — Create an organization with its first API key */
    createOrganization(args: {
        body: RequestBody<"operator.createOrganization">;
    }, options?: RequestOptions): Promise<JsonResponse<"operator.createOrganization", 201>>;
    /** GET /operator/v1/organizations/{id} — Get an organization */
    getOrganization(args: PathParams<"operator.getOrganization">, options?: RequestOptions): Promise<JsonResponse<"operator.getOrganization", 200>>;
    /** PATCH /operator/v1/organizations/{id} — Rename, change plan, suspend or resume an organization */
    updateOrganization(args: PathParams<"operator.updateOrganization"> & {
        body: RequestBody<"operator.updateOrganization">;
    }, options?: RequestOptions): Promise<JsonResponse<"operator.updateOrganization", 200>>;
    /** GET /operator/v1/integrations — List the pieces added at runtime (beyond the shipped catalog) */
    listIntegrations(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"operator.listIntegrations", 200>>;
    /** POST /operator/v1/integrations — Add an Activepieces piece from npm to the catalog, on every node, without a restart */
    addIntegration(args: {
        query?: QueryParams<"operator.addIntegration">;
        body: RequestBody<"operator.addIntegration">;
    }, options?: RequestOptions): Promise<JsonResponse<"operator.addIntegration", 201> | JsonResponse<"operator.addIntegration", 202>>;
    /** GET /operator/v1/integration-jobs/{id} — Read an integration install job: queued, running, succeeded (with the integration) or failed (with why) */
    getIntegrationJob(args: PathParams<"operator.getIntegrationJob">, options?: RequestOptions): Promise<JsonResponse<"operator.getIntegrationJob", 200>>;
    /** GET /operator/v1/organizations/{id}/action-packs — List an organization's action packs (newest first) */
    listActionPacks(args: PathParams<"operator.listActionPacks">, options?: RequestOptions): Promise<JsonResponse<"operator.listActionPacks", 200>>;
    /** POST /operator/v1/organizations/{id}/action-packs — Add action packs to the monthly quota, for this month or every month */
    addActionPack(args: PathParams<"operator.addActionPack"> & {
        body: RequestBody<"operator.addActionPack">;
    }, options?: RequestOptions): Promise<JsonResponse<"operator.addActionPack", 201>>;
    /** DELETE /operator/v1/organizations/{id}/action-packs/{packId} — Delete an action pack (it stops counting at once, this month included) */
    deleteActionPack(args: PathParams<"operator.deleteActionPack">, options?: RequestOptions): Promise<JsonResponse<"operator.deleteActionPack", 200>>;
    /** GET /operator/v1/organizations/{id}/usage — Actions used this month against the organization's quota (plan and action packs) */
    getUsage(args: PathParams<"operator.getUsage">, options?: RequestOptions): Promise<JsonResponse<"operator.getUsage", 200>>;
    /** GET /operator/v1/custom-integrations — List the published custom integrations */
    listCustomIntegrations(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"operator.listCustomIntegrations", 200>>;
    /** POST /operator/v1/custom-integrations — Import an OpenAPI document as an integration every organization can use */
    publishCustomIntegration(args: {
        body: RequestBody<"operator.publishCustomIntegration">;
    }, options?: RequestOptions): Promise<JsonResponse<"operator.publishCustomIntegration", 201>>;
    /** PUT /operator/v1/custom-integrations/{name} — Re-import a published custom integration */
    reimportCustomIntegration(args: PathParams<"operator.reimportCustomIntegration"> & {
        body: RequestBody<"operator.reimportCustomIntegration">;
    }, options?: RequestOptions): Promise<JsonResponse<"operator.reimportCustomIntegration", 200>>;
    /** DELETE /operator/v1/custom-integrations/{name} — Delete a published custom integration no organization uses */
    deleteCustomIntegration(args: PathParams<"operator.deleteCustomIntegration">, options?: RequestOptions): Promise<JsonResponse<"operator.deleteCustomIntegration", 200>>;
    /** GET /operator/v1/oauth-apps — List the service-managed OAuth apps */
    listOAuthApps(args?: {
        query?: QueryParams<"operator.listOAuthApps">;
    }, options?: RequestOptions): Promise<JsonResponse<"operator.listOAuthApps", 200>>;
    /** Every item of operator.listOAuthApps, page after page (limit/offset until total). */
    iterateOAuthApps(args?: {
        query?: QueryParams<"operator.listOAuthApps">;
    }, options?: RequestOptions): AsyncIterable<PageItem<"operator.listOAuthApps", "oauthApps">>;
    /** POST /operator/v1/oauth-apps — Configure an integration's service-managed OAuth app (used by PLATFORM_OAUTH2 connections of every organization) */
    createOAuthApp(args: {
        body: RequestBody<"operator.createOAuthApp">;
    }, options?: RequestOptions): Promise<JsonResponse<"operator.createOAuthApp", 201>>;
    /** PATCH /operator/v1/oauth-apps/{id} — Update a service-managed OAuth app */
    updateOAuthApp(args: PathParams<"operator.updateOAuthApp"> & {
        body: RequestBody<"operator.updateOAuthApp">;
    }, options?: RequestOptions): Promise<JsonResponse<"operator.updateOAuthApp", 200>>;
    /** DELETE /operator/v1/oauth-apps/{id} — Remove a service-managed OAuth app */
    deleteOAuthApp(args: PathParams<"operator.deleteOAuthApp">, options?: RequestOptions): Promise<JsonResponse<"operator.deleteOAuthApp", 200>>;
}
export interface AuthGroup {
    /** POST /api/v1/auth/sign-up — Create a person account and sign in */
    signUp(args: {
        body: RequestBody<"auth.signUp">;
    }, options?: RequestOptions): Promise<JsonResponse<"auth.signUp", 201>>;
    /** POST /api/v1/auth/sign-in — Sign in with email and password */
    signIn(args: {
        body: RequestBody<"auth.signIn">;
    }, options?: RequestOptions): Promise<JsonResponse<"auth.signIn", 200>>;
    /** POST /api/v1/auth/sign-out — End the current session */
    signOut(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"auth.signOut", 200>>;
    /** GET /api/v1/auth/session — The signed-in person */
    getSession(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"auth.getSession", 200>>;
    /** POST /api/v1/auth/verify-email/request — Email a verification code to the signed-in person (15 minutes, 5 tries; one a minute, ten a day) */
    requestEmailVerification(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"auth.requestEmailVerification", 200>>;
    /** POST /api/v1/auth/verify-email/confirm — Verify the signed-in person's email with the emailed code */
    confirmEmailVerification(args: {
        body: RequestBody<"auth.confirmEmailVerification">;
    }, options?: RequestOptions): Promise<JsonResponse<"auth.confirmEmailVerification", 200>>;
    /** POST /api/v1/auth/password-reset/request — Email a password reset code to the account with this address (15 minutes, 5 tries; one a minute, ten a day) */
    requestPasswordReset(args: {
        body: RequestBody<"auth.requestPasswordReset">;
    }, options?: RequestOptions): Promise<JsonResponse<"auth.requestPasswordReset", 202>>;
    /** POST /api/v1/auth/password-reset/confirm — Set a new password with the emailed code; the address becomes verified and every session of the account ends */
    confirmPasswordReset(args: {
        body: RequestBody<"auth.confirmPasswordReset">;
    }, options?: RequestOptions): Promise<JsonResponse<"auth.confirmPasswordReset", 200>>;
}
export interface WorkspacesGroup {
    /** GET /api/v1/workspaces — List workspaces */
    list(args?: {
        query?: QueryParams<"workspaces.list">;
    }, options?: RequestOptions): Promise<JsonResponse<"workspaces.list", 200>>;
    /** Every item of workspaces.list, page after page (limit/offset until total). */
    iterate(args?: {
        query?: QueryParams<"workspaces.list">;
    }, options?: RequestOptions): AsyncIterable<PageItem<"workspaces.list", "workspaces">>;
    /** POST /api/v1/workspaces — Create a workspace */
    create(args: {
        body: RequestBody<"workspaces.create">;
    }, options?: RequestOptions): Promise<JsonResponse<"workspaces.create", 201>>;
    /** GET /api/v1/workspaces/{id} — Get a workspace */
    get(args: PathParams<"workspaces.get">, options?: RequestOptions): Promise<JsonResponse<"workspaces.get", 200>>;
    /** PATCH /api/v1/workspaces/{id} — Rename a workspace or change its slug */
    update(args: PathParams<"workspaces.update"> & {
        body: RequestBody<"workspaces.update">;
    }, options?: RequestOptions): Promise<JsonResponse<"workspaces.update", 200>>;
    /** DELETE /api/v1/workspaces/{id} — Delete a workspace and everything in it */
    delete(args: PathParams<"workspaces.delete">, options?: RequestOptions): Promise<JsonResponse<"workspaces.delete", 200>>;
}
export interface ApiKeysGroup {
    /** GET /api/v1/api-keys — List API keys (organization-scope key required) */
    list(args?: {
        query?: QueryParams<"apiKeys.list">;
    }, options?: RequestOptions): Promise<JsonResponse<"apiKeys.list", 200>>;
    /** Every item of apiKeys.list, page after page (limit/offset until total). */
    iterate(args?: {
        query?: QueryParams<"apiKeys.list">;
    }, options?: RequestOptions): AsyncIterable<PageItem<"apiKeys.list", "apiKeys">>;
    /** POST /api/v1/api-keys — Create an API key; the plain key is shown only in this response */
    create(args: {
        body: RequestBody<"apiKeys.create">;
    }, options?: RequestOptions): Promise<JsonResponse<"apiKeys.create", 201>>;
    /** DELETE /api/v1/api-keys/{id} — Revoke an API key immediately */
    delete(args: PathParams<"apiKeys.delete">, options?: RequestOptions): Promise<JsonResponse<"apiKeys.delete", 200>>;
}
export interface EndUsersGroup {
    /** GET /api/v1/end-users — List a workspace's end users */
    list(args: {
        query: QueryParams<"endUsers.list">;
    }, options?: RequestOptions): Promise<JsonResponse<"endUsers.list", 200>>;
    /** Every item of endUsers.list, page after page (limit/offset until total). */
    iterate(args: {
        query: QueryParams<"endUsers.list">;
    }, options?: RequestOptions): AsyncIterable<PageItem<"endUsers.list", "endUsers">>;
    /** POST /api/v1/end-users — Create an end user in a workspace */
    create(args: {
        body: RequestBody<"endUsers.create">;
    }, options?: RequestOptions): Promise<JsonResponse<"endUsers.create", 201>>;
    /** GET /api/v1/end-users/{id} — Get an end user with its connections */
    get(args: PathParams<"endUsers.get">, options?: RequestOptions): Promise<JsonResponse<"endUsers.get", 200>>;
    /** PATCH /api/v1/end-users/{id} — Update display name, email or metadata */
    update(args: PathParams<"endUsers.update"> & {
        body: RequestBody<"endUsers.update">;
    }, options?: RequestOptions): Promise<JsonResponse<"endUsers.update", 200>>;
    /** DELETE /api/v1/end-users/{id} — Delete an end user and its connections */
    delete(args: PathParams<"endUsers.delete">, options?: RequestOptions): Promise<JsonResponse<"endUsers.delete", 200>>;
    /** POST /api/v1/end-users/{id}/connect-token — Create a connect portal link (eut_) where the end user connects, reconnects and disconnects their accounts */
    createConnectToken(args: PathParams<"endUsers.createConnectToken"> & {
        body: RequestBody<"endUsers.createConnectToken">;
    }, options?: RequestOptions): Promise<JsonResponse<"endUsers.createConnectToken", 201>>;
    /** POST /api/v1/end-users/{id}/invite — Email the end user a connect portal link (400 EMAIL_NOT_CONFIGURED without SMTP) */
    invite(args: PathParams<"endUsers.invite"> & {
        body: RequestBody<"endUsers.invite">;
    }, options?: RequestOptions): Promise<JsonResponse<"endUsers.invite", 201>>;
}
export interface MembersGroup {
    /** GET /api/v1/members — List the organization's members */
    list(args?: {
        query?: QueryParams<"members.list">;
    }, options?: RequestOptions): Promise<JsonResponse<"members.list", 200>>;
    /** Every item of members.list, page after page (limit/offset until total). */
    iterate(args?: {
        query?: QueryParams<"members.list">;
    }, options?: RequestOptions): AsyncIterable<PageItem<"members.list", "members">>;
    /** POST /api/v1/members/invite — Invite a person by email (valid 7 days) */
    invite(args: {
        body: RequestBody<"members.invite">;
    }, options?: RequestOptions): Promise<JsonResponse<"members.invite", 201>>;
    /** GET /api/v1/members/invitations — List pending invitations */
    listInvitations(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"members.listInvitations", 200>>;
    /** DELETE /api/v1/members/invitations/{invitationId} — Revoke a pending invitation */
    deleteInvitation(args: PathParams<"members.deleteInvitation">, options?: RequestOptions): Promise<JsonResponse<"members.deleteInvitation", 200>>;
    /** POST /api/v1/members/invitations/{invitationId}/accept — Accept an invitation as the signed-in person (session cookie or Bearer session token) */
    acceptInvitation(args: PathParams<"members.acceptInvitation">, options?: RequestOptions): Promise<JsonResponse<"members.acceptInvitation", 200>>;
    /** PATCH /api/v1/members/{id} — Change a member's role */
    update(args: PathParams<"members.update"> & {
        body: RequestBody<"members.update">;
    }, options?: RequestOptions): Promise<JsonResponse<"members.update", 200>>;
    /** DELETE /api/v1/members/{id} — Remove a member */
    delete(args: PathParams<"members.delete">, options?: RequestOptions): Promise<JsonResponse<"members.delete", 200>>;
}
export interface WorkspaceMembersGroup {
    /** GET /api/v1/workspace-members — List a workspace's members */
    list(args: {
        query: QueryParams<"workspaceMembers.list">;
    }, options?: RequestOptions): Promise<JsonResponse<"workspaceMembers.list", 200>>;
    /** Every item of workspaceMembers.list, page after page (limit/offset until total). */
    iterate(args: {
        query: QueryParams<"workspaceMembers.list">;
    }, options?: RequestOptions): AsyncIterable<PageItem<"workspaceMembers.list", "projectMembers">>;
    /** POST /api/v1/workspace-members — Add an organization member to a workspace */
    add(args: {
        body: RequestBody<"workspaceMembers.add">;
    }, options?: RequestOptions): Promise<JsonResponse<"workspaceMembers.add", 201>>;
    /** DELETE /api/v1/workspace-members/{id} — Remove a member from a workspace */
    delete(args: PathParams<"workspaceMembers.delete">, options?: RequestOptions): Promise<JsonResponse<"workspaceMembers.delete", 200>>;
}
export interface MeGroup {
    /** GET /api/v1/me/organizations — The signed-in person's organizations, with their role in each, by name */
    listOrganizations(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"me.listOrganizations", 200>>;
    /** GET /api/v1/me/invitations — Pending invitations addressed to the signed-in person's email (accept: POST /members/invitations/:id/accept) */
    listInvitations(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"me.listInvitations", 200>>;
}
export interface OrganizationsGroup {
    /** POST /api/v1/organizations — Create an organization with the signed-in person as its owner (no API key is issued) */
    create(args: {
        body: RequestBody<"organizations.create">;
    }, options?: RequestOptions): Promise<JsonResponse<"organizations.create", 201>>;
}
export interface OrganizationGroup {
    /** GET /api/v1/organization — The caller's organization: id, name, plan, suspended */
    get(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"organization.get", 200>>;
    /** PATCH /api/v1/organization — Rename the caller's organization (an organization-wide key, or an owner's or admin's session) */
    update(args: {
        body: RequestBody<"organization.update">;
    }, options?: RequestOptions): Promise<JsonResponse<"organization.update", 200>>;
    /** GET /api/v1/organization/usage — The caller's organization: actions this month against the quota, the rate limit, objects against the plan */
    getUsage(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"organization.getUsage", 200>>;
}
export interface FilesGroup {
    /** GET /api/v1/files/{id} — Download a stored file through a signed, expiring link (from storage get_download_url) */
    download(args: PathParams<"files.download"> & {
        query: QueryParams<"files.download">;
    }, options?: RequestOptions): Promise<BytesResponse>;
}
export interface CustomIntegrationsGroup {
    /** GET /api/v1/custom-integrations — List the organization's custom integrations and the published ones */
    list(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"customIntegrations.list", 200>>;
    /** POST /api/v1/custom-integrations — Import an OpenAPI document as an integration */
    create(args: {
        body: RequestBody<"customIntegrations.create">;
    }, options?: RequestOptions): Promise<JsonResponse<"customIntegrations.create", 201>>;
    /** GET /api/v1/custom-integrations/{name} — Get a custom integration with its catalog entry */
    get(args: PathParams<"customIntegrations.get">, options?: RequestOptions): Promise<JsonResponse<"customIntegrations.get", 200>>;
    /** PUT /api/v1/custom-integrations/{name} — Re-import a custom integration from a new document (or its URL again) */
    update(args: PathParams<"customIntegrations.update"> & {
        body: RequestBody<"customIntegrations.update">;
    }, options?: RequestOptions): Promise<JsonResponse<"customIntegrations.update", 200>>;
    /** DELETE /api/v1/custom-integrations/{name} — Delete a custom integration no connection or workspace integration uses */
    delete(args: PathParams<"customIntegrations.delete">, options?: RequestOptions): Promise<JsonResponse<"customIntegrations.delete", 200>>;
}
export interface OauthAppsGroup {
    /** GET /api/v1/oauth-apps — List the organization's custom OAuth apps */
    list(args?: {
        query?: QueryParams<"oauthApps.list">;
    }, options?: RequestOptions): Promise<JsonResponse<"oauthApps.list", 200>>;
    /** Every item of oauthApps.list, page after page (limit/offset until total). */
    iterate(args?: {
        query?: QueryParams<"oauthApps.list">;
    }, options?: RequestOptions): AsyncIterable<PageItem<"oauthApps.list", "oauthApps">>;
    /** POST /api/v1/oauth-apps — Register a custom OAuth app (client secret stored encrypted, never returned) */
    create(args: {
        body: RequestBody<"oauthApps.create">;
    }, options?: RequestOptions): Promise<JsonResponse<"oauthApps.create", 201>>;
    /** GET /api/v1/oauth-apps/{id} — Get a custom OAuth app */
    get(args: PathParams<"oauthApps.get">, options?: RequestOptions): Promise<JsonResponse<"oauthApps.get", 200>>;
    /** PATCH /api/v1/oauth-apps/{id} — Update a custom OAuth app */
    update(args: PathParams<"oauthApps.update"> & {
        body: RequestBody<"oauthApps.update">;
    }, options?: RequestOptions): Promise<JsonResponse<"oauthApps.update", 200>>;
    /** DELETE /api/v1/oauth-apps/{id} — Delete a custom OAuth app no longer in use */
    delete(args: PathParams<"oauthApps.delete">, options?: RequestOptions): Promise<JsonResponse<"oauthApps.delete", 200>>;
}
export interface WebhookEndpointsGroup {
    /** GET /api/v1/webhook-endpoints/events — The catalog of organization events an endpoint can subscribe to */
    events(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"webhookEndpoints.events", 200>>;
    /** GET /api/v1/webhook-endpoints — List the organization's webhook endpoints */
    list(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"webhookEndpoints.list", 200>>;
    /** POST /api/v1/webhook-endpoints — Add a webhook endpoint that receives signed organization events (at most 10 per organization) */
    create(args: {
        body: RequestBody<"webhookEndpoints.create">;
    }, options?: RequestOptions): Promise<JsonResponse<"webhookEndpoints.create", 201>>;
    /** GET /api/v1/webhook-endpoints/{id} — Get a webhook endpoint */
    get(args: PathParams<"webhookEndpoints.get">, options?: RequestOptions): Promise<JsonResponse<"webhookEndpoints.get", 200>>;
    /** PATCH /api/v1/webhook-endpoints/{id} — Change a webhook endpoint's URL, events, description, or enable or disable it */
    update(args: PathParams<"webhookEndpoints.update"> & {
        body: RequestBody<"webhookEndpoints.update">;
    }, options?: RequestOptions): Promise<JsonResponse<"webhookEndpoints.update", 200>>;
    /** DELETE /api/v1/webhook-endpoints/{id} — Delete a webhook endpoint (its deliveries not yet sent are canceled) */
    delete(args: PathParams<"webhookEndpoints.delete">, options?: RequestOptions): Promise<JsonResponse<"webhookEndpoints.delete", 200>>;
    /** POST /api/v1/webhook-endpoints/{id}/test — Send a webhook.test event to this endpoint only */
    test(args: PathParams<"webhookEndpoints.test">, options?: RequestOptions): Promise<JsonResponse<"webhookEndpoints.test", 202>>;
    /** GET /api/v1/webhook-endpoints/{id}/deliveries — An endpoint's deliveries, newest first, with every attempt */
    deliveries(args: PathParams<"webhookEndpoints.deliveries"> & {
        query?: QueryParams<"webhookEndpoints.deliveries">;
    }, options?: RequestOptions): Promise<JsonResponse<"webhookEndpoints.deliveries", 200>>;
    /** Every item of webhookEndpoints.deliveries, page after page (limit/offset until total). */
    iterateDeliveries(args: PathParams<"webhookEndpoints.deliveries"> & {
        query?: QueryParams<"webhookEndpoints.deliveries">;
    }, options?: RequestOptions): AsyncIterable<PageItem<"webhookEndpoints.deliveries", "deliveries">>;
    /** POST /api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver — Replay a delivery (same event id and body) with a fresh round of attempts */
    redeliver(args: PathParams<"webhookEndpoints.redeliver">, options?: RequestOptions): Promise<JsonResponse<"webhookEndpoints.redeliver", 200>>;
}
export interface ConnectionsGroup {
    /** GET /api/v1/connections — List connections ({connection} with id; {data} with the earlier pieceName/projectId filters) */
    list(args?: {
        query?: QueryParams<"connections.list">;
    }, options?: RequestOptions): Promise<JsonResponse<"connections.list", 200>>;
    /** Every item of connections.list, page after page (limit/offset until total). */
    iterate(args?: {
        query?: QueryParams<"connections.list">;
    }, options?: RequestOptions): AsyncIterable<PageItem<"connections.list", "connections">>;
    /** POST /api/v1/connections — Store a credential (current shape, or the earlier pieceName/value/projectId shape) */
    create(args: {
        body: RequestBody<"connections.create">;
    }, options?: RequestOptions): Promise<JsonResponse<"connections.create", 201>>;
    /** POST /api/v1/connections/resolve — The connection actions would use for an integration in a workspace (and end user) */
    resolve(args: {
        body: RequestBody<"connections.resolve">;
    }, options?: RequestOptions): Promise<JsonResponse<"connections.resolve", 200>>;
    /** GET /api/v1/connections/{id} — Get a connection (earlier record shape, current fields alongside) */
    get(args: PathParams<"connections.get">, options?: RequestOptions): Promise<JsonResponse<"connections.get", 200>>;
    /** DELETE /api/v1/connections/{id} — Delete a connection */
    delete(args: PathParams<"connections.delete">, options?: RequestOptions): Promise<JsonResponse<"connections.delete", 200>>;
}
export interface WorkspaceIntegrationsGroup {
    /** GET /api/v1/workspaces/{workspaceId}/integrations — List a workspace's configured integrations */
    list(args: PathParams<"workspaceIntegrations.list">, options?: RequestOptions): Promise<JsonResponse<"workspaceIntegrations.list", 200>>;
    /** POST /api/v1/workspaces/{workspaceId}/integrations — Configure an integration in a workspace (alias, auth method, connection strategy, actions, settings) */
    create(args: PathParams<"workspaceIntegrations.create"> & {
        body: RequestBody<"workspaceIntegrations.create">;
    }, options?: RequestOptions): Promise<JsonResponse<"workspaceIntegrations.create", 201>>;
    /** GET /api/v1/workspaces/{workspaceId}/integrations/{id} — Get a workspace integration */
    get(args: PathParams<"workspaceIntegrations.get">, options?: RequestOptions): Promise<JsonResponse<"workspaceIntegrations.get", 200>>;
    /** PATCH /api/v1/workspaces/{workspaceId}/integrations/{id} — Update a workspace integration (null resets displayName, enabledActions, settings) */
    update(args: PathParams<"workspaceIntegrations.update"> & {
        body: RequestBody<"workspaceIntegrations.update">;
    }, options?: RequestOptions): Promise<JsonResponse<"workspaceIntegrations.update", 200>>;
    /** DELETE /api/v1/workspaces/{workspaceId}/integrations/{id} — Remove a workspace integration (its partials go with it) */
    delete(args: PathParams<"workspaceIntegrations.delete">, options?: RequestOptions): Promise<JsonResponse<"workspaceIntegrations.delete", 200>>;
}
export interface PartialsGroup {
    /** GET /api/v1/partials — List a workspace's partials */
    list(args: {
        query: QueryParams<"partials.list">;
    }, options?: RequestOptions): Promise<JsonResponse<"partials.list", 200>>;
    /** POST /api/v1/partials — Save an input preset */
    create(args: {
        body: RequestBody<"partials.create">;
    }, options?: RequestOptions): Promise<JsonResponse<"partials.create", 201>>;
    /** GET /api/v1/partials/{id} — Get a partial */
    get(args: PathParams<"partials.get">, options?: RequestOptions): Promise<JsonResponse<"partials.get", 200>>;
    /** PATCH /api/v1/partials/{id} — Update a partial (values and enforcedKeys replace the stored ones) */
    update(args: PathParams<"partials.update"> & {
        body: RequestBody<"partials.update">;
    }, options?: RequestOptions): Promise<JsonResponse<"partials.update", 200>>;
    /** DELETE /api/v1/partials/{id} — Delete a partial (MCP tools referencing it drop it) */
    delete(args: PathParams<"partials.delete">, options?: RequestOptions): Promise<JsonResponse<"partials.delete", 200>>;
    /** POST /api/v1/partials/{id}/set-default — Make a partial the default of its scope (or not) */
    setDefault(args: PathParams<"partials.setDefault"> & {
        body: RequestBody<"partials.setDefault">;
    }, options?: RequestOptions): Promise<JsonResponse<"partials.setDefault", 200>>;
}
export interface ApprovalPoliciesGroup {
    /** GET /api/v1/approval-policies — List approval policies (with workspaceId: those that apply in that workspace, organization-wide ones included) */
    list(args?: {
        query?: QueryParams<"approvalPolicies.list">;
    }, options?: RequestOptions): Promise<JsonResponse<"approvalPolicies.list", 200>>;
    /** Every item of approvalPolicies.list, page after page (limit/offset until total). */
    iterate(args?: {
        query?: QueryParams<"approvalPolicies.list">;
    }, options?: RequestOptions): AsyncIterable<PageItem<"approvalPolicies.list", "policies">>;
    /** POST /api/v1/approval-policies — Create an approval policy */
    create(args: {
        body: RequestBody<"approvalPolicies.create">;
    }, options?: RequestOptions): Promise<JsonResponse<"approvalPolicies.create", 201>>;
    /** POST /api/v1/approval-policies/test — Evaluate an unsaved policy against a described call (no side effects) */
    test(args: {
        body: RequestBody<"approvalPolicies.test">;
    }, options?: RequestOptions): Promise<JsonResponse<"approvalPolicies.test", 200>>;
    /** GET /api/v1/approval-policies/{id} — Get an approval policy */
    get(args: PathParams<"approvalPolicies.get">, options?: RequestOptions): Promise<JsonResponse<"approvalPolicies.get", 200>>;
    /** PATCH /api/v1/approval-policies/{id} — Update an approval policy (arrays replace the stored ones) */
    update(args: PathParams<"approvalPolicies.update"> & {
        body: RequestBody<"approvalPolicies.update">;
    }, options?: RequestOptions): Promise<JsonResponse<"approvalPolicies.update", 200>>;
    /** DELETE /api/v1/approval-policies/{id} — Delete an approval policy (its requests' history stays) */
    delete(args: PathParams<"approvalPolicies.delete">, options?: RequestOptions): Promise<JsonResponse<"approvalPolicies.delete", 200>>;
}
export interface ApprovalsGroup {
    /** GET /api/v1/approvals — List approval requests, newest first */
    list(args?: {
        query?: QueryParams<"approvals.list">;
    }, options?: RequestOptions): Promise<JsonResponse<"approvals.list", 200>>;
    /** Every item of approvals.list, page after page (nextCursor). */
    iterate(args?: {
        query?: QueryParams<"approvals.list">;
    }, options?: RequestOptions): AsyncIterable<PageItem<"approvals.list", "approvals">>;
    /** GET /api/v1/approvals/{id} — Get an approval request (with its recent webhook deliveries) */
    get(args: PathParams<"approvals.get">, options?: RequestOptions): Promise<JsonResponse<"approvals.get", 200>>;
    /** POST /api/v1/approvals/{id}/approve — Approve: creates a receipt for the exact retry (same idempotency key, same input) */
    approve(args: PathParams<"approvals.approve"> & {
        body: RequestBody<"approvals.approve">;
    }, options?: RequestOptions): Promise<JsonResponse<"approvals.approve", 200>>;
    /** POST /api/v1/approvals/{id}/reject — Reject: the call does not run; a retry asks again if a policy still matches */
    reject(args: PathParams<"approvals.reject"> & {
        body: RequestBody<"approvals.reject">;
    }, options?: RequestOptions): Promise<JsonResponse<"approvals.reject", 200>>;
    /** POST /api/v1/approvals/{id}/cancel — Cancel a pending request */
    cancel(args: PathParams<"approvals.cancel"> & {
        body: RequestBody<"approvals.cancel">;
    }, options?: RequestOptions): Promise<JsonResponse<"approvals.cancel", 200>>;
}
export interface ConnectGroup {
    /** POST /api/v1/connect/token — Create a hosted connect session token (cst_, valid 4 hours) and its connect page URL */
    createToken(args: {
        body: RequestBody<"connect.createToken">;
    }, options?: RequestOptions): Promise<JsonResponse<"connect.createToken", 201>>;
    /** GET /api/v1/connect/session/{sessionId} — Get a connect session (403 FORBIDDEN for another organization's session) */
    getSession(args: PathParams<"connect.getSession">, options?: RequestOptions): Promise<JsonResponse<"connect.getSession", 200>>;
    /** POST /api/v1/connect/session/poll — Poll a connect session with its cst_ token (no API key) */
    pollSession(args: {
        body: RequestBody<"connect.pollSession">;
    }, options?: RequestOptions): Promise<JsonResponse<"connect.pollSession", 200>>;
}
export interface ActionsGroup {
    /** POST /api/v1/actions/execute — Run one action synchronously (also accepts the earlier pieceName/projectId shape) */
    execute: ExecuteMethod;
}
export interface ActivityGroup {
    /** GET /api/v1/activity — Executions from every surface (REST, SDK, MCP tools, Code Mode, triggers), newest first */
    list(args?: {
        query?: QueryParams<"activity.list">;
    }, options?: RequestOptions): Promise<JsonResponse<"activity.list", 200>>;
    /** Every item of activity.list, page after page (nextCursor). */
    iterate(args?: {
        query?: QueryParams<"activity.list">;
    }, options?: RequestOptions): AsyncIterable<PageItem<"activity.list", "activity">>;
}
export interface IntegrationsGroup {
    /** GET /api/v1/integrations — List the catalog (no API key needed); with name, one entry */
    list(args?: {
        query?: QueryParams<"integrations.list">;
    }, options?: RequestOptions): Promise<JsonResponse<"integrations.list", 200>>;
    /** GET /api/v1/integrations/oauth-status — Integrations with an OAuth app configured (service-managed or your own) */
    oauthStatus(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"integrations.oauthStatus", 200>>;
    /** POST /api/v1/integrations/{integrationName}/properties/options — Options of a dropdown property, computed from the input so far */
    propertyOptions(args: PathParams<"integrations.propertyOptions"> & {
        body: RequestBody<"integrations.propertyOptions">;
    }, options?: RequestOptions): Promise<JsonResponse<"integrations.propertyOptions", 200>>;
    /** POST /api/v1/integrations/{integrationName}/properties/resolve — The properties a dynamic property expands to for the input so far */
    resolveProperties(args: PathParams<"integrations.resolveProperties"> & {
        body: RequestBody<"integrations.resolveProperties">;
    }, options?: RequestOptions): Promise<JsonResponse<"integrations.resolveProperties", 200>>;
    /** GET /api/v1/integrations/{integrationName}/logo — The integration's logo (no API key): the operator's file in <data dir>/logos, else a generated monogram */
    logo(args: PathParams<"integrations.logo"> & {
        query?: QueryParams<"integrations.logo">;
    }, options?: RequestOptions): Promise<BytesResponse>;
}
export interface WebhookSigningSecretGroup {
    /** POST /api/v1/webhook-signing-secret/rotate — Create or rotate the signing secret of outbound webhooks (shown once) */
    rotate(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"webhookSigningSecret.rotate", 200>>;
    /** GET /api/v1/webhook-signing-secret — Whether outbound webhooks are signed (the secret is never shown again) */
    get(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"webhookSigningSecret.get", 200>>;
    /** DELETE /api/v1/webhook-signing-secret — Delete the signing secret: outbound webhooks are no longer signed */
    delete(args?: Record<string, never>, options?: RequestOptions): Promise<JsonResponse<"webhookSigningSecret.delete", 200>>;
}
export interface TriggersGroup {
    /** POST /api/v1/triggers/enable — Subscribe to a trigger: its events are POSTed to callbackUrl (also accepts the earlier pieceName/projectId/webhookUrl shape) */
    enable(args: {
        body: RequestBody<"triggers.enable">;
    }, options?: RequestOptions): Promise<JsonResponse<"triggers.enable", 201>>;
    /** POST /api/v1/triggers/disable — Disable a trigger source: nothing is delivered after this answers (earlier shape: triggerId → {success: true}) */
    disable(args: {
        body: RequestBody<"triggers.disable">;
    }, options?: RequestOptions): Promise<JsonResponse<"triggers.disable", 200>>;
    /** POST /api/v1/triggers/test — A trigger's sample event data */
    test(args: {
        body: RequestBody<"triggers.test">;
    }, options?: RequestOptions): Promise<JsonResponse<"triggers.test", 200>>;
    /** GET /api/v1/triggers — List trigger sources with lastDelivery (projectId or pieceName: the earlier {data: [...]} shape) */
    list(args?: {
        query?: QueryParams<"triggers.list">;
    }, options?: RequestOptions): Promise<JsonResponse<"triggers.list", 200>>;
    /** Every item of triggers.list, page after page (limit/offset until total). */
    iterate(args?: {
        query?: QueryParams<"triggers.list">;
    }, options?: RequestOptions): AsyncIterable<PageItem<"triggers.list", "triggers">>;
    /** GET /api/v1/triggers/{id}/events — A trigger source's events, newest first, with their delivery status and attempts */
    listEvents(args: PathParams<"triggers.listEvents"> & {
        query?: QueryParams<"triggers.listEvents">;
    }, options?: RequestOptions): Promise<JsonResponse<"triggers.listEvents", 200>>;
    /** Every item of triggers.listEvents, page after page (limit/offset until total). */
    iterateEvents(args: PathParams<"triggers.listEvents"> & {
        query?: QueryParams<"triggers.listEvents">;
    }, options?: RequestOptions): AsyncIterable<PageItem<"triggers.listEvents", "events">>;
    /** POST /api/v1/triggers/{id}/events/{eventId}/redeliver — Replay an event (same eventId and body) with a fresh round of attempts */
    redeliverEvent(args: PathParams<"triggers.redeliverEvent">, options?: RequestOptions): Promise<JsonResponse<"triggers.redeliverEvent", 200>>;
    /** GET /api/v1/triggers/{id} — A trigger source (also a disabled one) with lastDelivery */
    get(args: PathParams<"triggers.get">, options?: RequestOptions): Promise<JsonResponse<"triggers.get", 200>>;
    /** POST /api/v1/triggers/{id}/enable — Enable a disabled trigger source again: registered with the provider again, polled again; an active one answers as it is */
    reEnable(args: PathParams<"triggers.reEnable">, options?: RequestOptions): Promise<JsonResponse<"triggers.reEnable", 200>>;
    /** POST /api/v1/triggers/{id}/events/redeliver — Replay the events created from `from` to `to` (optionally only those with a delivery status, e.g. dead), in order; at most 1000 (400 TOO_MANY_EVENTS) */
    redeliverRange(args: PathParams<"triggers.redeliverRange"> & {
        body: RequestBody<"triggers.redeliverRange">;
    }, options?: RequestOptions): Promise<JsonResponse<"triggers.redeliverRange", 200>>;
    /** POST /api/v1/triggers/{id}/test-event — Send a test event (data, default the trigger's sample data) to the source's callback; recorded with origin test */
    sendTestEvent(args: PathParams<"triggers.sendTestEvent"> & {
        body: RequestBody<"triggers.sendTestEvent">;
    }, options?: RequestOptions): Promise<JsonResponse<"triggers.sendTestEvent", 201>>;
}
export interface McpServersGroup {
    /** GET /api/v1/mcp/servers — List MCP servers */
    list(args?: {
        query?: QueryParams<"mcpServers.list">;
    }, options?: RequestOptions): Promise<JsonResponse<"mcpServers.list", 200>>;
    /** Every item of mcpServers.list, page after page (limit/offset until total). */
    iterate(args?: {
        query?: QueryParams<"mcpServers.list">;
    }, options?: RequestOptions): AsyncIterable<PageItem<"mcpServers.list", "servers">>;
    /** POST /api/v1/mcp/servers — Create an MCP server (bearerToken only when a shared static token can be used; shown once) */
    create(args: {
        body: RequestBody<"mcpServers.create">;
    }, options?: RequestOptions): Promise<JsonResponse<"mcpServers.create", 201>>;
    /** GET /api/v1/mcp/servers/{id} — Get an MCP server with its tools */
    get(args: PathParams<"mcpServers.get">, options?: RequestOptions): Promise<JsonResponse<"mcpServers.get", 200>>;
    /** PATCH /api/v1/mcp/servers/{id} — Update an MCP server (endUserId null removes end-user scoping) */
    update(args: PathParams<"mcpServers.update"> & {
        body: RequestBody<"mcpServers.update">;
    }, options?: RequestOptions): Promise<JsonResponse<"mcpServers.update", 200>>;
    /** DELETE /api/v1/mcp/servers/{id} — Delete an MCP server, its tools and tokens */
    delete(args: PathParams<"mcpServers.delete">, options?: RequestOptions): Promise<JsonResponse<"mcpServers.delete", 200>>;
    /** POST /api/v1/mcp/servers/{id}/regenerate-token — Replace the shared static bearer token (the old one stops working) */
    regenerateToken(args: PathParams<"mcpServers.regenerateToken">, options?: RequestOptions): Promise<JsonResponse<"mcpServers.regenerateToken", 200>>;
    /** POST /api/v1/mcp/servers/{id}/access-tokens — Issue an end user's mcp_ bearer token (shown once) */
    createAccessToken(args: PathParams<"mcpServers.createAccessToken"> & {
        body: RequestBody<"mcpServers.createAccessToken">;
    }, options?: RequestOptions): Promise<JsonResponse<"mcpServers.createAccessToken", 201>>;
    /** POST /api/v1/mcp/servers/{id}/oauth-tokens — Issue an end user's mcpo_ MCP OAuth access token (shown once) */
    createOAuthToken(args: PathParams<"mcpServers.createOAuthToken"> & {
        body: RequestBody<"mcpServers.createOAuthToken">;
    }, options?: RequestOptions): Promise<JsonResponse<"mcpServers.createOAuthToken", 201>>;
    /** GET /api/v1/mcp/servers/{id}/tokens — List the server's tokens in use (records, never values): the static one and those issued for end users */
    listTokens(args: PathParams<"mcpServers.listTokens"> & {
        query?: QueryParams<"mcpServers.listTokens">;
    }, options?: RequestOptions): Promise<JsonResponse<"mcpServers.listTokens", 200>>;
    /** Every item of mcpServers.listTokens, page after page (limit/offset until total). */
    iterateTokens(args: PathParams<"mcpServers.listTokens"> & {
        query?: QueryParams<"mcpServers.listTokens">;
    }, options?: RequestOptions): AsyncIterable<PageItem<"mcpServers.listTokens", "tokens">>;
    /** DELETE /api/v1/mcp/servers/{id}/tokens/{tokenId} — Revoke one end-user token issued through access-tokens or oauth-tokens (it stops working at once) */
    deleteToken(args: PathParams<"mcpServers.deleteToken">, options?: RequestOptions): Promise<JsonResponse<"mcpServers.deleteToken", 200>>;
    /** POST /api/v1/mcp/servers/{id}/tools — Add a tool (override or addition) to an MCP server */
    addTool(args: PathParams<"mcpServers.addTool"> & {
        body: RequestBody<"mcpServers.addTool">;
    }, options?: RequestOptions): Promise<JsonResponse<"mcpServers.addTool", 201>>;
    /** PATCH /api/v1/mcp/servers/{id}/tools/{toolId} — Update a tool (partialIds [] clears) */
    updateTool(args: PathParams<"mcpServers.updateTool"> & {
        body: RequestBody<"mcpServers.updateTool">;
    }, options?: RequestOptions): Promise<JsonResponse<"mcpServers.updateTool", 200>>;
    /** DELETE /api/v1/mcp/servers/{id}/tools/{toolId} — Remove a tool */
    deleteTool(args: PathParams<"mcpServers.deleteTool">, options?: RequestOptions): Promise<JsonResponse<"mcpServers.deleteTool", 200>>;
    /** POST /api/v1/mcp/servers/{id}/execute-code — Run Code Mode JavaScript, or continue a run paused for approval (exactly one of code, approvalId) */
    executeCode(args: PathParams<"mcpServers.executeCode"> & {
        body: RequestBody<"mcpServers.executeCode">;
    }, options?: RequestOptions): Promise<JsonResponse<"mcpServers.executeCode", 200>>;
    /** GET /api/v1/mcp/servers/{id}/code-runs — Recent Code Mode runs of the server, newest first (kept 24 hours; step inputs and outputs not shown) */
    listCodeRuns(args: PathParams<"mcpServers.listCodeRuns"> & {
        query?: QueryParams<"mcpServers.listCodeRuns">;
    }, options?: RequestOptions): Promise<JsonResponse<"mcpServers.listCodeRuns", 200>>;
    /** Every item of mcpServers.listCodeRuns, page after page (limit/offset until total). */
    iterateCodeRuns(args: PathParams<"mcpServers.listCodeRuns"> & {
        query?: QueryParams<"mcpServers.listCodeRuns">;
    }, options?: RequestOptions): AsyncIterable<PageItem<"mcpServers.listCodeRuns", "runs">>;
    /** GET /api/v1/mcp/servers/{id}/declarations/{alias} — TypeScript declarations of one alias as Code Mode sees it */
    getDeclarations(args: PathParams<"mcpServers.getDeclarations">, options?: RequestOptions): Promise<JsonResponse<"mcpServers.getDeclarations", 200>>;
}
/** Every resource group of the client. */
export interface Groups {
    health: HealthGroup;
    operator: OperatorGroup;
    auth: AuthGroup;
    workspaces: WorkspacesGroup;
    apiKeys: ApiKeysGroup;
    endUsers: EndUsersGroup;
    members: MembersGroup;
    workspaceMembers: WorkspaceMembersGroup;
    me: MeGroup;
    organizations: OrganizationsGroup;
    organization: OrganizationGroup;
    files: FilesGroup;
    customIntegrations: CustomIntegrationsGroup;
    oauthApps: OauthAppsGroup;
    webhookEndpoints: WebhookEndpointsGroup;
    connections: ConnectionsGroup;
    workspaceIntegrations: WorkspaceIntegrationsGroup;
    partials: PartialsGroup;
    approvalPolicies: ApprovalPoliciesGroup;
    approvals: ApprovalsGroup;
    connect: ConnectGroup;
    actions: ActionsGroup;
    activity: ActivityGroup;
    integrations: IntegrationsGroup;
    webhookSigningSecret: WebhookSigningSecretGroup;
    triggers: TriggersGroup;
    mcpServers: McpServersGroup;
}
