export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is up */
        get: operations["health.check"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The database answers */
        get: operations["health.ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List organizations */
        get: operations["operator.listOrganizations"];
        put?: never;
        /** Create an organization with its first API key */
        post: operations["operator.createOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/organizations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an organization */
        get: operations["operator.getOrganization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename, change plan, suspend or resume an organization */
        patch: operations["operator.updateOrganization"];
        trace?: never;
    };
    "/operator/v1/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the pieces added at runtime (beyond the shipped catalog) */
        get: operations["operator.listIntegrations"];
        put?: never;
        /**
         * Add an Activepieces piece from npm to the catalog, on every node, without a restart
         * @description Answers 202 at once with an install job; read it at `/operator/v1/integration-jobs/:id` until it succeeded or failed. A malformed name or a shipped piece is refused at once. With `wait=true` the request waits for the install instead and answers 201 with the integration (or its error).
         */
        post: operations["operator.addIntegration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/integration-jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an integration install job: queued, running, succeeded (with the integration) or failed (with why) */
        get: operations["operator.getIntegrationJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sign-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a person account and sign in */
        post: operations["auth.signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description 401 INVALID_CREDENTIALS for a wrong email or password. After repeated failures for the account from this address, from this address, or for the account from addresses it has not signed in from, 429 RATE_LIMITED with retryAfter and Retry-After (seconds) until the delay passes; the password is not checked meanwhile.
         */
        post: operations["auth.signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the current session */
        post: operations["auth.signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person */
        get: operations["auth.getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/verify-email/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Email a verification code to the signed-in person (15 minutes, 5 tries; one a minute, ten a day)
         * @description 400 EMAIL_NOT_CONFIGURED without SMTP; 429 RATE_LIMITED within a minute of the previous code or after ten codes in a day; 503 SERVICE_UNAVAILABLE when the SMTP server fails (no code is left).
         */
        post: operations["auth.requestEmailVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/verify-email/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify the signed-in person's email with the emailed code
         * @description 400 INVALID_VERIFICATION_CODE (with attemptsLeft), 400 VERIFICATION_CODE_EXPIRED when none is pending.
         */
        post: operations["auth.confirmEmailVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Email a password reset code to the account with this address (15 minutes, 5 tries; one a minute, ten a day)
         * @description Answers 202 with a resetId at once, whether or not an account has the address and whether or not it is over its limits; then, if one has it, the code is emailed with a link that carries the resetId. The code works only with that resetId. 400 EMAIL_NOT_CONFIGURED without SMTP.
         */
        post: operations["auth.requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with the emailed code; the address becomes verified and every session of the account ends
         * @description Every session and MCP OAuth grant of the account ends. 400 INVALID_VERIFICATION_CODE (with attemptsLeft), 400 VERIFICATION_CODE_EXPIRED when the resetId has no live code (unknown, used, expired, out of tries, or no account had the address). Sign in with the new password afterwards.
         */
        post: operations["auth.confirmPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List workspaces */
        get: operations["workspaces.list"];
        put?: never;
        /** Create a workspace */
        post: operations["workspaces.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a workspace */
        get: operations["workspaces.get"];
        put?: never;
        post?: never;
        /** Delete a workspace and everything in it */
        delete: operations["workspaces.delete"];
        options?: never;
        head?: never;
        /** Rename a workspace or change its slug */
        patch: operations["workspaces.update"];
        trace?: never;
    };
    "/api/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys (organization-scope key required) */
        get: operations["apiKeys.list"];
        put?: never;
        /** Create an API key; the plain key is shown only in this response */
        post: operations["apiKeys.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key immediately */
        delete: operations["apiKeys.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/end-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a workspace's end users */
        get: operations["endUsers.list"];
        put?: never;
        /** Create an end user in a workspace */
        post: operations["endUsers.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/end-users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an end user with its connections */
        get: operations["endUsers.get"];
        put?: never;
        post?: never;
        /** Delete an end user and its connections */
        delete: operations["endUsers.delete"];
        options?: never;
        head?: never;
        /** Update display name, email or metadata */
        patch: operations["endUsers.update"];
        trace?: never;
    };
    "/api/v1/end-users/{id}/connect-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a connect portal link (eut_) where the end user connects, reconnects and disconnects their accounts */
        post: operations["endUsers.createConnectToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/end-users/{id}/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email the end user a connect portal link (400 EMAIL_NOT_CONFIGURED without SMTP) */
        post: operations["endUsers.invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization's members */
        get: operations["members.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invite a person by email (valid 7 days) */
        post: operations["members.invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List pending invitations */
        get: operations["members.listInvitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members/invitations/{invitationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a pending invitation */
        delete: operations["members.deleteInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members/invitations/{invitationId}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation as the signed-in person (session cookie or Bearer session token)
         * @description The invited address must be the person's verified email: 403 EMAIL_NOT_VERIFIED until it is verified.
         */
        post: operations["members.acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member */
        delete: operations["members.delete"];
        options?: never;
        head?: never;
        /** Change a member's role */
        patch: operations["members.update"];
        trace?: never;
    };
    "/api/v1/workspace-members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a workspace's members */
        get: operations["workspaceMembers.list"];
        put?: never;
        /** Add an organization member to a workspace */
        post: operations["workspaceMembers.add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspace-members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member from a workspace */
        delete: operations["workspaceMembers.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person's organizations, with their role in each, by name */
        get: operations["me.listOrganizations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pending invitations addressed to the signed-in person's email (accept: POST /members/invitations/:id/accept)
         * @description 403 EMAIL_NOT_VERIFIED until the person has verified their email: whoever signs up with an address must not learn which organizations invited it.
         */
        get: operations["me.listInvitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an organization with the signed-in person as its owner (no API key is issued)
         * @description The plan is the server's SWITCHBOARD_SIGNUP_PLAN (default free). 403 FORBIDDEN when the operator turned self-serve organizations off (SWITCHBOARD_SELF_SERVE_ORGANIZATIONS=false); 403 QUOTA_EXCEEDED when the person already owns 20.
         */
        post: operations["organizations.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's organization: id, name, plan, suspended */
        get: operations["organization.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename the caller's organization (an organization-wide key, or an owner's or admin's session)
         * @description The plan and suspension stay with the operator (PATCH /operator/v1/organizations/:id).
         */
        patch: operations["organization.update"];
        trace?: never;
    };
    "/operator/v1/organizations/{id}/action-packs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List an organization's action packs (newest first) */
        get: operations["operator.listActionPacks"];
        put?: never;
        /**
         * Add action packs to the monthly quota, for this month or every month
         * @description Give count (packs of the plan's actionPackSize) or actions. recurring: false counts in the current UTC month only; true in every month from now until deleted.
         */
        post: operations["operator.addActionPack"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/organizations/{id}/action-packs/{packId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an action pack (it stops counting at once, this month included) */
        delete: operations["operator.deleteActionPack"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/organizations/{id}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Actions used this month against the organization's quota (plan and action packs) */
        get: operations["operator.getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organization/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's organization: actions this month against the quota, the rate limit, objects against the plan */
        get: operations["organization.getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/files/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a stored file through a signed, expiring link (from storage get_download_url) */
        get: operations["files.download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/custom-integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization's custom integrations and the published ones */
        get: operations["customIntegrations.list"];
        put?: never;
        /**
         * Import an OpenAPI document as an integration
         * @description One action per operation (or per selected operation), auth from the security schemes; the integration is then used like any other: connections, workspace integrations, partials, execute, MCP tools.
         */
        post: operations["customIntegrations.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/custom-integrations/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a custom integration with its catalog entry */
        get: operations["customIntegrations.get"];
        /**
         * Re-import a custom integration from a new document (or its URL again)
         * @description Updates in place: connections, workspace integrations and partials stay; the answer says which actions were added, removed or changed.
         */
        put: operations["customIntegrations.update"];
        post?: never;
        /** Delete a custom integration no connection or workspace integration uses */
        delete: operations["customIntegrations.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/custom-integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the published custom integrations */
        get: operations["operator.listCustomIntegrations"];
        put?: never;
        /** Import an OpenAPI document as an integration every organization can use */
        post: operations["operator.publishCustomIntegration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/custom-integrations/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Re-import a published custom integration */
        put: operations["operator.reimportCustomIntegration"];
        post?: never;
        /** Delete a published custom integration no organization uses */
        delete: operations["operator.deleteCustomIntegration"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth-apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization's custom OAuth apps */
        get: operations["oauthApps.list"];
        put?: never;
        /** Register a custom OAuth app (client secret stored encrypted, never returned) */
        post: operations["oauthApps.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth-apps/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a custom OAuth app */
        get: operations["oauthApps.get"];
        put?: never;
        post?: never;
        /** Delete a custom OAuth app no longer in use */
        delete: operations["oauthApps.delete"];
        options?: never;
        head?: never;
        /** Update a custom OAuth app */
        patch: operations["oauthApps.update"];
        trace?: never;
    };
    "/operator/v1/oauth-apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the service-managed OAuth apps */
        get: operations["operator.listOAuthApps"];
        put?: never;
        /** Configure an integration's service-managed OAuth app (used by PLATFORM_OAUTH2 connections of every organization) */
        post: operations["operator.createOAuthApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/oauth-apps/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a service-managed OAuth app */
        delete: operations["operator.deleteOAuthApp"];
        options?: never;
        head?: never;
        /** Update a service-managed OAuth app */
        patch: operations["operator.updateOAuthApp"];
        trace?: never;
    };
    "/api/v1/webhook-endpoints/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The catalog of organization events an endpoint can subscribe to */
        get: operations["webhookEndpoints.events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the organization's webhook endpoints */
        get: operations["webhookEndpoints.list"];
        put?: never;
        /**
         * Add a webhook endpoint that receives signed organization events (at most 10 per organization)
         * @description Each event is POSTed as {id, type, createdAt, organizationId, data} with X-Service-Event: <type>, signed like every outbound webhook (X-Service-Signature, see /webhook-signing-secret). Events to one endpoint arrive in the order they happened. Unknown event types are refused with UNKNOWN_EVENT_TYPE.
         */
        post: operations["webhookEndpoints.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook endpoint */
        get: operations["webhookEndpoints.get"];
        put?: never;
        post?: never;
        /** Delete a webhook endpoint (its deliveries not yet sent are canceled) */
        delete: operations["webhookEndpoints.delete"];
        options?: never;
        head?: never;
        /** Change a webhook endpoint's URL, events, description, or enable or disable it */
        patch: operations["webhookEndpoints.update"];
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a webhook.test event to this endpoint only */
        post: operations["webhookEndpoints.test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An endpoint's deliveries, newest first, with every attempt */
        get: operations["webhookEndpoints.deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replay a delivery (same event id and body) with a fresh round of attempts */
        post: operations["webhookEndpoints.redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List connections ({connection} with id; {data} with the earlier pieceName/projectId filters) */
        get: operations["connections.list"];
        put?: never;
        /**
         * Store a credential (current shape, or the earlier pieceName/value/projectId shape)
         * @description Credentials are encrypted at rest and never returned.
         */
        post: operations["connections.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connections/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The connection actions would use for an integration in a workspace (and end user) */
        post: operations["connections.resolve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a connection (earlier record shape, current fields alongside) */
        get: operations["connections.get"];
        put?: never;
        post?: never;
        /** Delete a connection */
        delete: operations["connections.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a workspace's configured integrations */
        get: operations["workspaceIntegrations.list"];
        put?: never;
        /** Configure an integration in a workspace (alias, auth method, connection strategy, actions, settings) */
        post: operations["workspaceIntegrations.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/integrations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a workspace integration */
        get: operations["workspaceIntegrations.get"];
        put?: never;
        post?: never;
        /** Remove a workspace integration (its partials go with it) */
        delete: operations["workspaceIntegrations.delete"];
        options?: never;
        head?: never;
        /** Update a workspace integration (null resets displayName, enabledActions, settings) */
        patch: operations["workspaceIntegrations.update"];
        trace?: never;
    };
    "/api/v1/partials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a workspace's partials */
        get: operations["partials.list"];
        put?: never;
        /** Save an input preset */
        post: operations["partials.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/partials/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a partial */
        get: operations["partials.get"];
        put?: never;
        post?: never;
        /** Delete a partial (MCP tools referencing it drop it) */
        delete: operations["partials.delete"];
        options?: never;
        head?: never;
        /** Update a partial (values and enforcedKeys replace the stored ones) */
        patch: operations["partials.update"];
        trace?: never;
    };
    "/api/v1/partials/{id}/set-default": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a partial the default of its scope (or not) */
        post: operations["partials.setDefault"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approval-policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List approval policies (with workspaceId: those that apply in that workspace, organization-wide ones included) */
        get: operations["approvalPolicies.list"];
        put?: never;
        /** Create an approval policy */
        post: operations["approvalPolicies.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approval-policies/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Evaluate an unsaved policy against a described call (no side effects) */
        post: operations["approvalPolicies.test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approval-policies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an approval policy */
        get: operations["approvalPolicies.get"];
        put?: never;
        post?: never;
        /** Delete an approval policy (its requests' history stays) */
        delete: operations["approvalPolicies.delete"];
        options?: never;
        head?: never;
        /** Update an approval policy (arrays replace the stored ones) */
        patch: operations["approvalPolicies.update"];
        trace?: never;
    };
    "/api/v1/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List approval requests, newest first */
        get: operations["approvals.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an approval request (with its recent webhook deliveries) */
        get: operations["approvals.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve: creates a receipt for the exact retry (same idempotency key, same input)
         * @description Needs an API key with approvals.decide for the request’s workspace, or a signed-in member who is one of the policy’s approvers. 409 APPROVAL_NOT_PENDING once decided or ended.
         */
        post: operations["approvals.approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject: the call does not run; a retry asks again if a policy still matches
         * @description Needs an API key with approvals.decide for the request’s workspace, or a signed-in member who is one of the policy’s approvers. 409 APPROVAL_NOT_PENDING once decided or ended.
         */
        post: operations["approvals.reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a pending request
         * @description Needs an API key with approvals.decide for the request’s workspace, or a signed-in member who is one of the policy’s approvers. 409 APPROVAL_NOT_PENDING once decided or ended.
         */
        post: operations["approvals.cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connect/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a hosted connect session token (cst_, valid 4 hours) and its connect page URL */
        post: operations["connect.createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connect/session/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a connect session (403 FORBIDDEN for another organization's session) */
        get: operations["connect.getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connect/session/poll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Poll a connect session with its cst_ token (no API key) */
        post: operations["connect.pollSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connect/oauth-callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth2 redirect URI: the provider sends the user back here with code and state (register {base_url}/api/v1/connect/oauth-callback with the provider) */
        get: operations["connect.oauthCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/actions/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run one action synchronously (also accepts the earlier pieceName/projectId shape)
         * @description Every response carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset when the plan has a rate limit. An upstream failure answers 200 with success false and output.error; a Human Gates policy answers 202 approval_required.
         */
        post: operations["actions.execute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Executions from every surface (REST, SDK, MCP tools, Code Mode, triggers), newest first */
        get: operations["activity.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the catalog (no API key needed); with name, one entry */
        get: operations["integrations.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/oauth-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Integrations with an OAuth app configured (service-managed or your own) */
        get: operations["integrations.oauthStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{integrationName}/properties/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options of a dropdown property, computed from the input so far */
        post: operations["integrations.propertyOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{integrationName}/properties/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The properties a dynamic property expands to for the input so far */
        post: operations["integrations.resolveProperties"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{integrationName}/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The integration's logo (no API key): the operator's file in <data dir>/logos, else a generated monogram */
        get: operations["integrations.logo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-signing-secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or rotate the signing secret of outbound webhooks (shown once)
         * @description Signing is on from the first rotation. Each delivery then carries X-Service-Timestamp and X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">. After a rotation the previous secret signs too (a second v1=) for 24 hours.
         */
        post: operations["webhookSigningSecret.rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-signing-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether outbound webhooks are signed (the secret is never shown again) */
        get: operations["webhookSigningSecret.get"];
        put?: never;
        post?: never;
        /** Delete the signing secret: outbound webhooks are no longer signed */
        delete: operations["webhookSigningSecret.delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/triggers/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Subscribe to a trigger: its events are POSTed to callbackUrl (also accepts the earlier pieceName/projectId/webhookUrl shape)
         * @description Connection and input are resolved as for actions (defaults → partials → input → enforced keys). Webhook triggers answer with webhookUrl, the address the provider sends to; polling triggers poll every pollingIntervalMinutes (the plan minimum applies: 403 POLLING_INTERVAL_TOO_SHORT). Callbacks: body {triggerSourceId, integrationName, triggerName, data, metadata, timestamp, eventId}; at least once, in order per source, retried with backoff.
         */
        post: operations["triggers.enable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/triggers/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable a trigger source: nothing is delivered after this answers (earlier shape: triggerId → {success: true}) */
        post: operations["triggers.disable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/triggers/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A trigger's sample event data */
        post: operations["triggers.test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/triggers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List trigger sources with lastDelivery (projectId or pieceName: the earlier {data: [...]} shape) */
        get: operations["triggers.list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/triggers/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A trigger source's events, newest first, with their delivery status and attempts */
        get: operations["triggers.listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/triggers/{id}/events/{eventId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replay an event (same eventId and body) with a fresh round of attempts */
        post: operations["triggers.redeliverEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/triggers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A trigger source (also a disabled one) with lastDelivery */
        get: operations["triggers.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/triggers/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enable a disabled trigger source again: registered with the provider again, polled again; an active one answers as it is */
        post: operations["triggers.reEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/triggers/{id}/events/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replay the events created from `from` to `to` (optionally only those with a delivery status, e.g. dead), in order; at most 1000 (400 TOO_MANY_EVENTS) */
        post: operations["triggers.redeliverRange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/triggers/{id}/test-event": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a test event (data, default the trigger's sample data) to the source's callback; recorded with origin test */
        post: operations["triggers.sendTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{integrationName}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A trigger source's webhook address (webhookUrl): the provider sends its events here
         * @description Answers 200 once the events are stored (they are then delivered to the callback URL), 410 TRIGGER_DISABLED after disable, 503 when the event could not be processed now or too many of the organization’s events are waiting (send it again; Retry-After), or the handshake answer the integration defines.
         */
        get: operations["inboundWebhooks.sourceGet"];
        /**
         * A trigger source's webhook address (webhookUrl): the provider sends its events here
         * @description Answers 200 once the events are stored (they are then delivered to the callback URL), 410 TRIGGER_DISABLED after disable, 503 when the event could not be processed now or too many of the organization’s events are waiting (send it again; Retry-After), or the handshake answer the integration defines.
         */
        put: operations["inboundWebhooks.sourcePut"];
        /**
         * A trigger source's webhook address (webhookUrl): the provider sends its events here
         * @description Answers 200 once the events are stored (they are then delivered to the callback URL), 410 TRIGGER_DISABLED after disable, 503 when the event could not be processed now or too many of the organization’s events are waiting (send it again; Retry-After), or the handshake answer the integration defines.
         */
        post: operations["inboundWebhooks.sourcePost"];
        /**
         * A trigger source's webhook address (webhookUrl): the provider sends its events here
         * @description Answers 200 once the events are stored (they are then delivered to the callback URL), 410 TRIGGER_DISABLED after disable, 503 when the event could not be processed now or too many of the organization’s events are waiting (send it again; Retry-After), or the handshake answer the integration defines.
         */
        delete: operations["inboundWebhooks.sourceDelete"];
        options?: never;
        head?: never;
        /**
         * A trigger source's webhook address (webhookUrl): the provider sends its events here
         * @description Answers 200 once the events are stored (they are then delivered to the callback URL), 410 TRIGGER_DISABLED after disable, 503 when the event could not be processed now or too many of the organization’s events are waiting (send it again; Retry-After), or the handshake answer the integration defines.
         */
        patch: operations["inboundWebhooks.sourcePatch"];
        trace?: never;
    };
    "/api/v1/webhooks/{integrationName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An APP_WEBHOOK integration's app-level address: one URL for every source, routed to the sources listening
         * @description The event is verified with the integration's app secret (SWITCHBOARD_APP_WEBHOOK_SECRETS) and recorded for every source whose listener matches.
         */
        get: operations["inboundWebhooks.appGet"];
        /**
         * An APP_WEBHOOK integration's app-level address: one URL for every source, routed to the sources listening
         * @description The event is verified with the integration's app secret (SWITCHBOARD_APP_WEBHOOK_SECRETS) and recorded for every source whose listener matches.
         */
        put: operations["inboundWebhooks.appPut"];
        /**
         * An APP_WEBHOOK integration's app-level address: one URL for every source, routed to the sources listening
         * @description The event is verified with the integration's app secret (SWITCHBOARD_APP_WEBHOOK_SECRETS) and recorded for every source whose listener matches.
         */
        post: operations["inboundWebhooks.appPost"];
        /**
         * An APP_WEBHOOK integration's app-level address: one URL for every source, routed to the sources listening
         * @description The event is verified with the integration's app secret (SWITCHBOARD_APP_WEBHOOK_SECRETS) and recorded for every source whose listener matches.
         */
        delete: operations["inboundWebhooks.appDelete"];
        options?: never;
        head?: never;
        /**
         * An APP_WEBHOOK integration's app-level address: one URL for every source, routed to the sources listening
         * @description The event is verified with the integration's app secret (SWITCHBOARD_APP_WEBHOOK_SECRETS) and recorded for every source whose listener matches.
         */
        patch: operations["inboundWebhooks.appPatch"];
        trace?: never;
    };
    "/api/v1/mcp/servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List MCP servers */
        get: operations["mcpServers.list"];
        put?: never;
        /** Create an MCP server (bearerToken only when a shared static token can be used; shown once) */
        post: operations["mcpServers.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mcp/servers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an MCP server with its tools */
        get: operations["mcpServers.get"];
        put?: never;
        post?: never;
        /** Delete an MCP server, its tools and tokens */
        delete: operations["mcpServers.delete"];
        options?: never;
        head?: never;
        /** Update an MCP server (endUserId null removes end-user scoping) */
        patch: operations["mcpServers.update"];
        trace?: never;
    };
    "/api/v1/mcp/servers/{id}/regenerate-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the shared static bearer token (the old one stops working) */
        post: operations["mcpServers.regenerateToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mcp/servers/{id}/access-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue an end user's mcp_ bearer token (shown once) */
        post: operations["mcpServers.createAccessToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mcp/servers/{id}/oauth-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue an end user's mcpo_ MCP OAuth access token (shown once) */
        post: operations["mcpServers.createOAuthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mcp/servers/{id}/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the server's tokens in use (records, never values): the static one and those issued for end users
         * @description Revoked and expired tokens are left out, as are tokens of MCP OAuth grants. Newest first; `static` marks the shared static bearer token.
         */
        get: operations["mcpServers.listTokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mcp/servers/{id}/tokens/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke one end-user token issued through access-tokens or oauth-tokens (it stops working at once)
         * @description The token's id is `token.id` of the issuing response. 404 for the static token (use regenerate-token), for tokens of MCP OAuth grants (revoke those at /mcp/oauth/revoke) and for another server's tokens.
         */
        delete: operations["mcpServers.deleteToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mcp/servers/{id}/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a tool (override or addition) to an MCP server */
        post: operations["mcpServers.addTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mcp/servers/{id}/tools/{toolId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a tool */
        delete: operations["mcpServers.deleteTool"];
        options?: never;
        head?: never;
        /** Update a tool (partialIds [] clears) */
        patch: operations["mcpServers.updateTool"];
        trace?: never;
    };
    "/api/v1/mcp/servers/{id}/execute-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run Code Mode JavaScript, or continue a run paused for approval (exactly one of code, approvalId) */
        post: operations["mcpServers.executeCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mcp/servers/{id}/code-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recent Code Mode runs of the server, newest first (kept 24 hours; step inputs and outputs not shown) */
        get: operations["mcpServers.listCodeRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mcp/servers/{id}/declarations/{alias}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** TypeScript declarations of one alias as Code Mode sees it */
        get: operations["mcpServers.getDeclarations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** Error */
        ErrorBody: {
            /** @description Stable error code, e.g. VALIDATION_ERROR */
            error: string;
            message: string;
            /**
             * Format: uuid
             * @description CONNECTION_ERROR: the connection that must be reconnected (re-authorized) before it works again
             */
            connectionId?: string;
            /** @description An unexpected error (500): the id of this request in the service log */
            requestId?: string;
            /** @description The trace of this request, when the service exports traces (OpenTelemetry) */
            traceId?: string;
        } & {
            [key: string]: unknown;
        };
        User: {
            /** Format: uuid */
            id: string;
            email: string;
            /** @description Whether the person proved they receive mail at this address (POST /auth/verify-email/*) */
            emailVerified: boolean;
            name: string;
            image: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        Workspace: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            orgId: string;
            name: string;
            slug: string;
            /** @description true when the plan no longer covers this workspace */
            suspended: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        ApiKeyPermissions: {
            /** @description 'org' (full access) or 'workspace' */
            scope: "org" | "workspace";
            /** @description Required when scope is 'workspace' */
            workspaceIds?: string[];
            approvals?: {
                /** @description May approve, reject and cancel Human Gates requests */
                decide?: boolean;
            };
        };
        ApiKey: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            orgId: string;
            name: string;
            /** @description First 8 characters of the key */
            keyPrefix: string;
            permissions: components["schemas"]["ApiKeyPermissions"] | null;
            lastUsedAt: string | null;
            expiresAt: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        EndUser: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            workspaceId: string;
            externalId: string;
            displayName: string | null;
            email: string | null;
            metadata: {
                [key: string]: unknown;
            };
            /** @description 'external' */
            type: string;
            connectionCount: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        Member: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organizationId: string;
            /** Format: uuid */
            userId: string;
            /** @description owner, admin or member */
            role: string;
            userName: string;
            userEmail: string;
            userImage: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        Invitation: {
            /** Format: uuid */
            id: string;
            email: string;
            /** Format: uuid */
            organizationId: string;
            /** @description admin or member */
            role: string;
            /** @description 'pending' until accepted or revoked */
            status: string;
            /** Format: date-time */
            expiresAt: string;
            /** Format: date-time */
            createdAt: string;
        };
        WorkspaceMember: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            workspaceId: string;
            /** Format: uuid */
            memberId: string;
            /** @description admin or member */
            role: string;
            /** Format: date-time */
            createdAt: string;
        };
        Organization: {
            /** Format: uuid */
            id: string;
            name: string;
            plan: string;
            suspended: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        CustomIntegration: {
            /** Format: uuid */
            id: string;
            name: string;
            displayName: string;
            description: string;
            /** @description organization: the organization's own; published: the operator's, for every organization */
            scope: "organization" | "published";
            sourceUrl: string | null;
            /** @description the version the document was written in: 2.0, 3.0 or 3.1 */
            sourceVersion: string;
            /** @description 1 on import, one more on each re-import */
            revision: number;
            /** @description the action names, one per imported operation */
            actions: string[];
            /** @description the trigger names, one per webhook of the document (OpenAPI 3.1) */
            triggers: string[];
            /** @description the auth methods, one per supported security scheme */
            authMethods: string[];
            /** @description what the import left out, and why */
            skipped: string[];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        OAuthApp: {
            /** Format: uuid */
            id: string;
            integrationName: string;
            name: string;
            clientId: string;
            /** @description requested scopes; empty means the integration's default scopes */
            scopes: string[];
            authUrl: string | null;
            tokenUrl: string | null;
            /** @description true for the operator-configured app of an integration */
            serviceManaged: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        WebhookEndpoint: {
            /** Format: uuid */
            id: string;
            url: string;
            events: string[];
            description: string | null;
            /** @description a disabled endpoint receives no events (a test event still goes out) */
            enabled: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        Connection: {
            /** Format: uuid */
            id: string;
            externalId: string;
            displayName: string;
            integrationName: string;
            authMethodKey: string;
            /** @enum {string} */
            type: "SECRET_TEXT" | "BASIC_AUTH" | "CUSTOM_AUTH" | "OAUTH2" | "PLATFORM_OAUTH2";
            /** @description ACTIVE, or ERROR when the credentials stopped working (see statusMessage) */
            status: string;
            statusMessage: string | null;
            /**
             * @description verified: the integration accepted the credentials before they were stored (its check, or an OAuth2 sign-in); unverified: stored as given, not checked (the integration has no check, or they came through this API)
             * @enum {string}
             */
            verification: "verified" | "unverified";
            /** @enum {string} */
            scope: "ORGANIZATION" | "WORKSPACE" | "USER";
            workspaceId: string | null;
            endUserId: string | null;
            oauthAppId: string | null;
            suspended: boolean;
            /**
             * @description healthy; degraded (a transient failure: the token endpoint unreachable, or the provider refused a call with 403); needs_reauth (the credentials stopped working: reconnect, which keeps the id). From refresh outcomes and the provider’s answers on use.
             * @enum {string}
             */
            health: "healthy" | "degraded" | "needs_reauth";
            lastError: {
                code: string;
                message: string;
            } | null;
            lastCheckedAt: string | null;
            lastUsedAt: string | null;
            tokenExpiresAt: string | null;
            credentialExpiresAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        EarlierConnection: {
            /** Format: uuid */
            id: string;
            pieceName: string;
            displayName: string;
            externalId: string;
            projectId: string | null;
            status: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            integrationName: string;
            workspaceId: string | null;
            type: string;
            scope: string;
            authMethodKey: string;
        };
        WorkspaceIntegration: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            workspaceId: string;
            /** Format: uuid */
            orgId: string;
            integrationName: string;
            alias: string;
            displayName: string | null;
            /** @enum {string} */
            connectionStrategy: "fixed" | "per_user" | "per_user_with_fallback";
            /** @description 'none' for integrations that take no connection */
            authMethodKey: string;
            /** @enum {string} */
            oauthAppMode: "service_managed" | "custom";
            oauthAppId: string | null;
            connectionId: string | null;
            enabledActions: string[] | null;
            settings: {
                [key: string]: unknown;
            };
            sortOrder: number;
            /** @description list responses: ACTIVE or ERROR (the connection), NOT_REQUIRED, PER_USER or MISSING */
            connectionStatus?: string;
            connectionDisplayName?: string | null;
            connectionExternalId?: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        Partial: {
            /** Format: uuid */
            id: string;
            orgId: string;
            /** Format: uuid */
            workspaceId: string;
            integrationName: string;
            workspaceIntegrationId: string | null;
            integrationAlias: string | null;
            actionName: string | null;
            triggerName: string | null;
            name: string;
            description: string | null;
            values: {
                [key: string]: unknown;
            };
            enforcedKeys: string[];
            isDefault: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** ApprovalPolicy */
        ApprovalPolicy: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            orgId: string;
            workspaceId: string | null;
            name: string;
            description: string | null;
            enabled: boolean;
            priority: number;
            sources: string[];
            mcpServerIds: string[];
            workspaceIntegrationIds: string[];
            integrationNames: string[];
            integrationAliases: string[];
            actionNames: string[];
            connectionStrategies: string[];
            endUserMode: string;
            decision: string;
            riskMode: string;
            rules: {
                [key: string]: unknown;
            };
            approvers: {
                [key: string]: unknown;
            }[];
            timeoutSeconds: number;
            defaultOnTimeout: string;
            reuseWindowSeconds: number | null;
            approvalAccessMode: string;
            metadata: {
                [key: string]: unknown;
            } | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** Approval */
        Approval: {
            /** @description apr_… */
            id: string;
            orgId: string;
            policyId: string | null;
            policyName: string | null;
            /** @description the policy's decision: require_approval, notify_only or auto_approve */
            decision: string;
            workspaceId: string | null;
            endUserId: string | null;
            source: string;
            /** @enum {string} */
            status: "pending" | "approved" | "rejected" | "expired" | "canceled" | "consumed";
            integrationName: string;
            integrationAlias: string | null;
            actionName: string;
            inputPreview: {
                [key: string]: unknown;
            };
            redactedPaths: string[];
            riskReasons: string[];
            approvalAccessMode: string;
            approvalUrl: string | null;
            hostedApprovalUrl: string | null;
            idempotencyKey: string | null;
            codeRunId: string | null;
            /** Format: date-time */
            expiresAt: string;
            decidedAt: string | null;
            decidedBy: {
                [key: string]: unknown;
            } | null;
            decisionReason: string | null;
            decisionMetadata: {
                [key: string]: unknown;
            } | null;
            reusedFrom: string | null;
            consumedAt: string | null;
            runStatus: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** ApprovalReceipt */
        ApprovalReceipt: {
            id: string;
            approvalId: string;
            inputHash: string;
            idempotencyKey: string | null;
            /** @description valid, consumed or expired */
            status: string;
            /** Format: date-time */
            expiresAt: string;
            consumedAt: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        ConnectSession: {
            /** Format: uuid */
            id: string;
            integrationName: string;
            connectionName: string;
            externalId: string;
            /** @enum {string} */
            status: "PENDING" | "CONNECTING" | "COMPLETED" | "FAILED";
            connectionId: string | null;
            error: string | null;
            verification: ("verified" | "unverified") | null;
            /** Format: uuid */
            workspaceId: string;
            authMethodKey: string;
            /** @enum {string} */
            scope: "ORGANIZATION" | "WORKSPACE" | "USER";
            endUserId: string | null;
            /** Format: date-time */
            expiresAt: string;
            /** Format: date-time */
            createdAt: string;
        };
        ActivityEntry: {
            /** Format: uuid */
            id: string;
            workspaceId: string | null;
            apiKeyId: string | null;
            endUserId: string | null;
            endUserExternalId: string | null;
            /** @enum {string} */
            source: "rest" | "sdk" | "mcp_tools" | "mcp_code" | "playground" | "trigger";
            integrationName: string;
            integrationAlias: string | null;
            actionName: string;
            connectionId: string | null;
            mcpServerId: string | null;
            triggerSourceId: string | null;
            approvalId: string | null;
            /**
             * @description success; failed (the action ran and failed upstream); error (refused or could not run: see errorCode); approval_required; blocked
             * @enum {string}
             */
            status: "success" | "failed" | "error" | "approval_required" | "blocked";
            errorCode: string | null;
            errorMessage: string | null;
            durationMs: number;
            /** Format: date-time */
            createdAt: string;
            traceId: string | null;
        };
        CatalogEntry: {
            name: string;
            displayName: string;
            description: string;
            logoUrl: string;
            categories: string[];
            version?: string;
            /** @description builtin (in-process) or piece (third-party, out of process) */
            runtime: string;
            auth?: {
                type: string;
            } & {
                [key: string]: unknown;
            };
            authOptions: {
                /** @description the authMethodKey */
                key: string;
                /** @description SECRET_TEXT, BASIC_AUTH, CUSTOM_AUTH or OAUTH2 */
                type: string;
                displayName: string;
                description?: string;
                /** @description the fields a connection of this option is made of (SECRET_TEXT: secretText; BASIC_AUTH: username and password; CUSTOM_AUTH: its props; OAUTH2: extra props the integration reads, its tokens come from the sign-in) */
                props: {
                    [key: string]: {
                        /** @description the prop type: SHORT_TEXT, SECRET_TEXT, NUMBER, STATIC_DROPDOWN, ... */
                        type: string;
                        displayName: string;
                        required: boolean;
                        description?: string;
                        defaultValue?: unknown;
                        /** @description the choices of a STATIC_DROPDOWN */
                        options?: {
                            options: {
                                label: string;
                                value: unknown;
                            }[];
                        } & {
                            [key: string]: unknown;
                        };
                        /**
                         * @description a secret: show it masked; it is never returned
                         * @enum {boolean}
                         */
                        secret?: true;
                        /** @description where the value goes in POST /api/v1/connections: secretText, username, password or props.<name> */
                        field: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
                oauth2?: {
                    authUrl: string;
                    tokenUrl: string;
                    scope: string[];
                    pkce: boolean;
                } & {
                    [key: string]: unknown;
                };
            }[];
            actions: {
                [key: string]: {
                    [key: string]: unknown;
                };
            } | string[];
            triggers: {
                [key: string]: {
                    [key: string]: unknown;
                };
            } | string[];
        } & {
            [key: string]: unknown;
        };
        TriggerSource: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            orgId: string;
            /** @description WEBHOOK, POLLING or APP_WEBHOOK (the pieces framework spellings) */
            triggerType: "WEBHOOK" | "POLLING" | "APP_WEBHOOK";
            integrationName: string;
            triggerName: string;
            /** Format: uuid */
            workspaceId: string;
            workspaceIntegrationId: string | null;
            integrationAlias: string;
            webhookUrl: string | null;
            callbackUrl: string;
            callbackMetadata: {
                [key: string]: unknown;
            };
            simulate: boolean;
            status: "ACTIVE" | "DISABLED";
            pollingIntervalMinutes: number | null;
            connectionId: string | null;
            lastError: string | null;
            /** Format: date-time */
            createdAt: string;
            lastDelivery: string | null;
            disabledAt: string | null;
            lastPolledAt: string | null;
            lastEventAt: string | null;
            /** @description polls that failed in a row; at SWITCHBOARD_TRIGGER_MAX_FAILED_POLLS the source is disabled (trigger.disabled webhook) */
            consecutiveFailures: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "health.check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    "health.ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ready";
                    };
                };
            };
        };
    };
    "operator.listOrganizations": {
        parameters: {
            query?: {
                /** @description Page size (1 to 100) */
                limit?: number;
                /** @description Items to skip (0 to 2147483647) */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organizations: components["schemas"]["Organization"][];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "operator.createOrganization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description free, pro, team, scale, enterprise */
                    plan?: "free" | "pro" | "team" | "scale" | "enterprise";
                    /** @description A person made owner of the new organization (an existing account is linked by email) */
                    owner?: {
                        /** Format: email */
                        email: string;
                        name: string;
                        /** @description Required when no account exists for the email */
                        password?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organization: components["schemas"]["Organization"];
                        apiKey: components["schemas"]["ApiKey"];
                        /** @description The first API key of the organization, shown only here */
                        plainKey: string;
                        owner?: {
                            /** Format: uuid */
                            memberId: string;
                            /** Format: uuid */
                            userId: string;
                            email: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "operator.getOrganization": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organization: components["schemas"]["Organization"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "operator.updateOrganization": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description free, pro, team, scale, enterprise */
                    plan?: "free" | "pro" | "team" | "scale" | "enterprise";
                    suspended?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organization: components["schemas"]["Organization"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "operator.listIntegrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        integrations: {
                            name: string;
                            package: string;
                            version: string;
                            /** Format: date-time */
                            addedAt: string;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "operator.addIntegration": {
        parameters: {
            query?: {
                /** @description wait for the install (201) instead of a job (202) */
                wait?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description an npm package name, optionally with @version */
                    package: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        integration: {
                            name: string;
                            package: string;
                            version: string;
                            actions: number;
                            triggers: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job: {
                            /** Format: uuid */
                            id: string;
                            /** @description the npm package as requested, optionally with @version */
                            package: string;
                            status: "queued" | "running" | "succeeded" | "failed";
                            /** @description the added integration once succeeded */
                            integration: {
                                name: string;
                                package: string;
                                version: string;
                                actions: number;
                                triggers: number;
                            } | null;
                            /** @description why it failed (the code and message the synchronous form answers with) */
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            startedAt: string | null;
                            finishedAt: string | null;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "operator.getIntegrationJob": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job: {
                            /** Format: uuid */
                            id: string;
                            /** @description the npm package as requested, optionally with @version */
                            package: string;
                            status: "queued" | "running" | "succeeded" | "failed";
                            /** @description the added integration once succeeded */
                            integration: {
                                name: string;
                                package: string;
                                version: string;
                                actions: number;
                                triggers: number;
                            } | null;
                            /** @description why it failed (the code and message the synchronous form answers with) */
                            error: {
                                code: string;
                                message: string;
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            startedAt: string | null;
                            finishedAt: string | null;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "auth.signUp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                    name: string;
                    /** Format: uri */
                    image?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                        /** @description Session token (also set as the sb_session cookie); send as Authorization: Bearer */
                        token: string;
                        /** Format: date-time */
                        expiresAt: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "auth.signIn": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                        /** @description Session token (also set as the sb_session cookie); send as Authorization: Bearer */
                        token: string;
                        /** Format: date-time */
                        expiresAt: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "auth.signOut": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        signedOut: true;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "auth.getSession": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                        session: {
                            /** Format: uuid */
                            id: string;
                            /** Format: date-time */
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "auth.requestEmailVerification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        emailVerified: boolean;
                        /** @description False when the address is already verified */
                        sent: boolean;
                        expiresAt: string | null;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "auth.confirmEmailVerification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The code from the verification email */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        emailVerified: true;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "auth.requestPasswordReset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description The same answer whether or not an account has the address, and over a limit
                         * @enum {boolean}
                         */
                        requested: true;
                        /** @description prs_…: send it back with the emailed code; the code works only with it */
                        resetId: string;
                        /** Format: date-time */
                        expiresAt: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "auth.confirmPasswordReset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description From the request */
                    resetId: string;
                    /** @description The code from the password reset email */
                    code: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        passwordReset: true;
                        /**
                         * @description The code proved the address, so it is verified too
                         * @enum {boolean}
                         */
                        emailVerified: true;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "workspaces.list": {
        parameters: {
            query?: {
                /** @description Page size (1 to 100) */
                limit?: number;
                /** @description Items to skip (0 to 2147483647) */
                offset?: number;
                includeSuspended?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspaces: components["schemas"]["Workspace"][];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "workspaces.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    slug: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspace: components["schemas"]["Workspace"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "workspaces.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspace: components["schemas"]["Workspace"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "workspaces.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "workspaces.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    slug?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workspace: components["schemas"]["Workspace"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "apiKeys.list": {
        parameters: {
            query?: {
                /** @description Page size (1 to 100) */
                limit?: number;
                /** @description Items to skip (0 to 2147483647) */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKeys: components["schemas"]["ApiKey"][];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "apiKeys.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    expiresAt?: string | null;
                    permissions?: {
                        /** @description 'org' (full access) or 'workspace' */
                        scope: "org" | "workspace";
                        /** @description Required when scope is 'workspace' */
                        workspaceIds?: string[];
                        approvals?: {
                            /** @description May approve, reject and cancel Human Gates requests */
                            decide?: boolean;
                        };
                    } | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKey: components["schemas"]["ApiKey"];
                        /** @description The key itself, shown only in this response */
                        plainKey: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "apiKeys.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "endUsers.list": {
        parameters: {
            query: {
                workspaceId: string;
                /** @description Page size (1 to 100) */
                limit?: number;
                /** @description Items to skip (0 to 2147483647) */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endUsers: components["schemas"]["EndUser"][];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "endUsers.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    workspaceId: string;
                    /** @description the caller's identifier, unique within the workspace */
                    externalId: string;
                    displayName?: string;
                    /** Format: email */
                    email?: string;
                    /** @description arbitrary JSON object */
                    metadata?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endUser: components["schemas"]["EndUser"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "endUsers.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endUser: components["schemas"]["EndUser"];
                        connections: {
                            /** Format: uuid */
                            id: string;
                            externalId: string;
                            displayName: string;
                            integrationName: string;
                            type: string;
                            status: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "endUsers.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        /** Format: uuid */
                        id: string;
                        connectionsDeleted: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "endUsers.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    displayName?: string | null;
                    email?: string | null;
                    /** @description arbitrary JSON object */
                    metadata?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endUser: components["schemas"]["EndUser"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "endUsers.createConnectToken": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description limit the portal to this integration */
                    integrationName?: string;
                    /**
                     * Format: uuid
                     * @description limit the portal to this workspace integration (inherits its auth method and OAuth app policy)
                     */
                    workspaceIntegrationId?: string;
                    /**
                     * @description seconds, 3600 to 2592000 (30 days); default 604800 (7 days)
                     * @default 604800
                     */
                    expiresIn?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description {base_url}/connect/portal?token=<token> */
                        connectUrl: string;
                        /** @description eut_...; shown once */
                        token: string;
                        /** Format: date-time */
                        expiresAt: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "endUsers.invite": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    integrationName?: string;
                    /** Format: uuid */
                    workspaceIntegrationId?: string;
                    /**
                     * @description seconds, 3600 to 2592000 (30 days); default 604800 (7 days)
                     * @default 604800
                     */
                    expiresIn?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connectUrl: string;
                        token: string;
                        /** Format: date-time */
                        expiresAt: string;
                        emailSent: boolean;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "members.list": {
        parameters: {
            query?: {
                /** @description Page size (1 to 100) */
                limit?: number;
                /** @description Items to skip (0 to 2147483647) */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        members: components["schemas"]["Member"][];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "members.invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    role?: "admin" | "member";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitation: components["schemas"]["Invitation"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "members.listInvitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitations: components["schemas"]["Invitation"][];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "members.deleteInvitation": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invitationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "members.acceptInvitation": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invitationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        member: components["schemas"]["Member"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "members.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "members.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    role: "owner" | "admin" | "member";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        member: components["schemas"]["Member"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "workspaceMembers.list": {
        parameters: {
            query: {
                workspaceId: string;
                /** @description Page size (1 to 100) */
                limit?: number;
                /** @description Items to skip (0 to 2147483647) */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectMembers: components["schemas"]["WorkspaceMember"][];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "workspaceMembers.add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    workspaceId: string;
                    /** Format: uuid */
                    memberId: string;
                    role?: "admin" | "member";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectMember: components["schemas"]["WorkspaceMember"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "workspaceMembers.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "me.listOrganizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            plan: string;
                            /** @description owner, admin or member */
                            role: string;
                            /** Format: uuid */
                            memberId: string;
                            status: "active" | "suspended";
                        }[];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "me.listInvitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            organizationId: string;
                            organizationName: string;
                            /** @description admin or member */
                            role: string;
                            /** Format: date-time */
                            expiresAt: string;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "organizations.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1 to 100 characters, not only spaces */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organization: components["schemas"]["Organization"];
                        member: {
                            /** Format: uuid */
                            id: string;
                            /** @enum {string} */
                            role: "owner";
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "organization.get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organization: components["schemas"]["Organization"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "organization.update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1 to 100 characters, not only spaces */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organization: components["schemas"]["Organization"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "operator.listActionPacks": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        actionPacks: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            organizationId: string;
                            packs: number | null;
                            /** @description actions the pack adds to the monthly quota */
                            actions: number;
                            /** @description counts every month from firstMonth on; otherwise firstMonth only */
                            recurring: boolean;
                            /** @description UTC month the pack was added, YYYY-MM */
                            firstMonth: string;
                            appliesThisMonth: boolean;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "operator.addActionPack": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description packs of the plan's actionPackSize; or give actions */
                    count?: number;
                    /** @description an exact number of actions */
                    actions?: number;
                    /**
                     * @description every month until deleted; otherwise the current month only
                     * @default false
                     */
                    recurring?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        actionPack: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            organizationId: string;
                            packs: number | null;
                            /** @description actions the pack adds to the monthly quota */
                            actions: number;
                            /** @description counts every month from firstMonth on; otherwise firstMonth only */
                            recurring: boolean;
                            /** @description UTC month the pack was added, YYYY-MM */
                            firstMonth: string;
                            appliesThisMonth: boolean;
                            /** Format: date-time */
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "operator.deleteActionPack": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                packId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "operator.getUsage": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        usage: {
                            /** @description UTC month, YYYY-MM */
                            month: string;
                            plan: string;
                            actions: {
                                /** @description admitted this month (includes other nodes' unspent leases, at most 64 each) */
                                used: number;
                                planLimit: number | null;
                                /** @description actions added by packs this month */
                                actionPacks: number;
                                limit: number | null;
                                remaining: number | null;
                            };
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "organization.getUsage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        usage: {
                            /** @description UTC month, YYYY-MM */
                            month: string;
                            plan: string;
                            actions: {
                                /** @description admitted this month (includes other nodes' unspent leases, at most 64 each) */
                                used: number;
                                planLimit: number | null;
                                /** @description actions added by packs this month */
                                actionPacks: number;
                                limit: number | null;
                                remaining: number | null;
                            };
                            rateLimit: {
                                requests: number;
                                windowSeconds: number;
                            } | null;
                            objects: {
                                workspaces: {
                                    count: number;
                                    limit: number | null;
                                };
                                connections: {
                                    count: number;
                                    limit: number | null;
                                };
                                apiKeys: {
                                    count: number;
                                    limit: number | null;
                                };
                                /** @description members and pending invitations */
                                members: {
                                    count: number;
                                    limit: number | null;
                                };
                                mcpServers: {
                                    count: number;
                                    limit: number | null;
                                };
                            };
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "files.download": {
        parameters: {
            query: {
                expires: number;
                signature: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "customIntegrations.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customIntegrations: components["schemas"]["CustomIntegration"][];
                        /** @description their catalog entries, in the same order */
                        integrations: components["schemas"]["CatalogEntry"][];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "customIntegrations.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description lowercase letters, digits and dashes */
                    name: string;
                    /** @description the OpenAPI (3.0, 3.1) or Swagger 2.0 document: JSON or YAML text, or the JSON itself */
                    document?: string | {
                        [key: string]: unknown;
                    };
                    /** @description fetch the document from here instead */
                    url?: string;
                    /** @description which operations to import; each list given narrows the selection */
                    selection?: {
                        tags?: string[];
                        paths?: string[];
                        methods?: ("get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace")[];
                        operationIds?: string[];
                    };
                    displayName?: string;
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customIntegration: components["schemas"]["CustomIntegration"];
                        integration: components["schemas"]["CatalogEntry"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "customIntegrations.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customIntegration: components["schemas"]["CustomIntegration"];
                        integration: components["schemas"]["CatalogEntry"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "customIntegrations.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the OpenAPI (3.0, 3.1) or Swagger 2.0 document: JSON or YAML text, or the JSON itself */
                    document?: string | {
                        [key: string]: unknown;
                    };
                    /** @description fetch the document from here instead */
                    url?: string;
                    /** @description which operations to import; each list given narrows the selection */
                    selection?: {
                        tags?: string[];
                        paths?: string[];
                        methods?: ("get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace")[];
                        operationIds?: string[];
                    };
                    displayName?: string;
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customIntegration: components["schemas"]["CustomIntegration"];
                        integration: components["schemas"]["CatalogEntry"];
                        changes: {
                            /** @description actions new in this revision */
                            added: string[];
                            /** @description actions no longer in the document or the selection */
                            removed: string[];
                            /** @description actions whose inputs, request or output changed */
                            changed: string[];
                            /** @description triggers (webhooks) new in this revision */
                            triggersAdded: string[];
                            /** @description triggers no longer in the document; their sources stop taking events (TRIGGER_NOT_FOUND) */
                            triggersRemoved: string[];
                            /** @description ids of the partials deleted with a removed action */
                            partialsRemoved: string[];
                            /** @description ids of the MCP tools deleted with a removed action */
                            mcpToolsRemoved: string[];
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "customIntegrations.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "operator.listCustomIntegrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customIntegrations: components["schemas"]["CustomIntegration"][];
                        /** @description their catalog entries, in the same order */
                        integrations: components["schemas"]["CatalogEntry"][];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "operator.publishCustomIntegration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description lowercase letters, digits and dashes */
                    name: string;
                    /** @description the OpenAPI (3.0, 3.1) or Swagger 2.0 document: JSON or YAML text, or the JSON itself */
                    document?: string | {
                        [key: string]: unknown;
                    };
                    /** @description fetch the document from here instead */
                    url?: string;
                    /** @description which operations to import; each list given narrows the selection */
                    selection?: {
                        tags?: string[];
                        paths?: string[];
                        methods?: ("get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace")[];
                        operationIds?: string[];
                    };
                    displayName?: string;
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customIntegration: components["schemas"]["CustomIntegration"];
                        integration: components["schemas"]["CatalogEntry"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "operator.reimportCustomIntegration": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the OpenAPI (3.0, 3.1) or Swagger 2.0 document: JSON or YAML text, or the JSON itself */
                    document?: string | {
                        [key: string]: unknown;
                    };
                    /** @description fetch the document from here instead */
                    url?: string;
                    /** @description which operations to import; each list given narrows the selection */
                    selection?: {
                        tags?: string[];
                        paths?: string[];
                        methods?: ("get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace")[];
                        operationIds?: string[];
                    };
                    displayName?: string;
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customIntegration: components["schemas"]["CustomIntegration"];
                        integration: components["schemas"]["CatalogEntry"];
                        changes: {
                            /** @description actions new in this revision */
                            added: string[];
                            /** @description actions no longer in the document or the selection */
                            removed: string[];
                            /** @description actions whose inputs, request or output changed */
                            changed: string[];
                            /** @description triggers (webhooks) new in this revision */
                            triggersAdded: string[];
                            /** @description triggers no longer in the document; their sources stop taking events (TRIGGER_NOT_FOUND) */
                            triggersRemoved: string[];
                            /** @description ids of the partials deleted with a removed action */
                            partialsRemoved: string[];
                            /** @description ids of the MCP tools deleted with a removed action */
                            mcpToolsRemoved: string[];
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "operator.deleteCustomIntegration": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "oauthApps.list": {
        parameters: {
            query?: {
                /** @description Page size (1 to 100) */
                limit?: number;
                /** @description Items to skip (0 to 2147483647) */
                offset?: number;
                integrationName?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        oauthApps: components["schemas"]["OAuthApp"][];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "oauthApps.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    integrationName: string;
                    name?: string;
                    clientId: string;
                    /** @description stored encrypted; never returned */
                    clientSecret: string;
                    scopes?: string[];
                    /**
                     * Format: uri
                     * @description the provider's authorization endpoint, when it differs from the integration's
                     */
                    authUrl?: string;
                    /**
                     * Format: uri
                     * @description the provider's token endpoint, when it differs from the integration's
                     */
                    tokenUrl?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        oauthApp: components["schemas"]["OAuthApp"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "oauthApps.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        oauthApp: components["schemas"]["OAuthApp"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "oauthApps.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "oauthApps.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    clientId?: string;
                    /** @description stored encrypted; never returned */
                    clientSecret?: string;
                    scopes?: string[];
                    authUrl?: string | null;
                    tokenUrl?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        oauthApp: components["schemas"]["OAuthApp"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "operator.listOAuthApps": {
        parameters: {
            query?: {
                /** @description Page size (1 to 100) */
                limit?: number;
                /** @description Items to skip (0 to 2147483647) */
                offset?: number;
                integrationName?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        oauthApps: components["schemas"]["OAuthApp"][];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "operator.createOAuthApp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    integrationName: string;
                    name?: string;
                    clientId: string;
                    /** @description stored encrypted; never returned */
                    clientSecret: string;
                    scopes?: string[];
                    /**
                     * Format: uri
                     * @description the provider's authorization endpoint, when it differs from the integration's
                     */
                    authUrl?: string;
                    /**
                     * Format: uri
                     * @description the provider's token endpoint, when it differs from the integration's
                     */
                    tokenUrl?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        oauthApp: components["schemas"]["OAuthApp"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "operator.deleteOAuthApp": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "operator.updateOAuthApp": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    clientId?: string;
                    /** @description stored encrypted; never returned */
                    clientSecret?: string;
                    scopes?: string[];
                    authUrl?: string | null;
                    tokenUrl?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        oauthApp: components["schemas"]["OAuthApp"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "webhookEndpoints.events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            type: string;
                            description: string;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "webhookEndpoints.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhookEndpoints: components["schemas"]["WebhookEndpoint"][];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "webhookEndpoints.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description absolute http(s) URL without credentials, not a private or loopback address */
                    url: string;
                    /** @description event types to receive, from GET /api/v1/webhook-endpoints/events */
                    events: string[];
                    description?: string;
                    /** @default true */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhookEndpoint: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "webhookEndpoints.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhookEndpoint: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "webhookEndpoints.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "webhookEndpoints.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description absolute http(s) URL without credentials, not a private or loopback address */
                    url?: string;
                    /** @description event types to receive, from GET /api/v1/webhook-endpoints/events */
                    events?: string[];
                    description?: string | null;
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhookEndpoint: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "webhookEndpoints.test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: {
                            /**
                             * Format: uuid
                             * @description sent as X-Service-Delivery; the same on every attempt
                             */
                            deliveryId: string;
                            /** @description pending (waiting for its first try or a retry), sending, delivered (a 2xx came), dead (attempts used up), canceled */
                            status: "pending" | "sending" | "delivered" | "dead" | "canceled";
                            attempts: number;
                            /** @description the attempt count at which the delivery is dead-lettered */
                            maxAttempts: number;
                            nextAttemptAt: string | null;
                            lastAttemptAt: string | null;
                            lastStatusCode: number | null;
                            lastError: string | null;
                            deliveredAt: string | null;
                            deadAt: string | null;
                            history: {
                                /** @description attempt number (1 = first try); sent as X-Service-Attempt */
                                attempt: number;
                                /** Format: date-time */
                                startedAt: string;
                                finishedAt: string | null;
                                statusCode: number | null;
                                error: string | null;
                                durationMs: number | null;
                                responseExcerpt: string | null;
                            }[];
                            /**
                             * Format: uuid
                             * @description the event's id (body.id); the same for every endpoint that got the event
                             */
                            eventId: string;
                            /** @description the event type (X-Service-Event) */
                            eventType: string;
                            /** Format: date-time */
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "webhookEndpoints.deliveries": {
        parameters: {
            query?: {
                /** @description Page size (1 to 100) */
                limit?: number;
                /** @description Items to skip (0 to 2147483647) */
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: {
                            /**
                             * Format: uuid
                             * @description sent as X-Service-Delivery; the same on every attempt
                             */
                            deliveryId: string;
                            /** @description pending (waiting for its first try or a retry), sending, delivered (a 2xx came), dead (attempts used up), canceled */
                            status: "pending" | "sending" | "delivered" | "dead" | "canceled";
                            attempts: number;
                            /** @description the attempt count at which the delivery is dead-lettered */
                            maxAttempts: number;
                            nextAttemptAt: string | null;
                            lastAttemptAt: string | null;
                            lastStatusCode: number | null;
                            lastError: string | null;
                            deliveredAt: string | null;
                            deadAt: string | null;
                            history: {
                                /** @description attempt number (1 = first try); sent as X-Service-Attempt */
                                attempt: number;
                                /** Format: date-time */
                                startedAt: string;
                                finishedAt: string | null;
                                statusCode: number | null;
                                error: string | null;
                                durationMs: number | null;
                                responseExcerpt: string | null;
                            }[];
                            /**
                             * Format: uuid
                             * @description the event's id (body.id); the same for every endpoint that got the event
                             */
                            eventId: string;
                            /** @description the event type (X-Service-Event) */
                            eventType: string;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "webhookEndpoints.redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: {
                            /**
                             * Format: uuid
                             * @description sent as X-Service-Delivery; the same on every attempt
                             */
                            deliveryId: string;
                            /** @description pending (waiting for its first try or a retry), sending, delivered (a 2xx came), dead (attempts used up), canceled */
                            status: "pending" | "sending" | "delivered" | "dead" | "canceled";
                            attempts: number;
                            /** @description the attempt count at which the delivery is dead-lettered */
                            maxAttempts: number;
                            nextAttemptAt: string | null;
                            lastAttemptAt: string | null;
                            lastStatusCode: number | null;
                            lastError: string | null;
                            deliveredAt: string | null;
                            deadAt: string | null;
                            history: {
                                /** @description attempt number (1 = first try); sent as X-Service-Attempt */
                                attempt: number;
                                /** Format: date-time */
                                startedAt: string;
                                finishedAt: string | null;
                                statusCode: number | null;
                                error: string | null;
                                durationMs: number | null;
                                responseExcerpt: string | null;
                            }[];
                            /**
                             * Format: uuid
                             * @description the event's id (body.id); the same for every endpoint that got the event
                             */
                            eventId: string;
                            /** @description the event type (X-Service-Event) */
                            eventType: string;
                            /** Format: date-time */
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "connections.list": {
        parameters: {
            query?: {
                /** @description return {connection} for this id */
                id?: string;
                /** @description Page size (1 to 100) */
                limit?: number;
                /** @description Items to skip (0 to 2147483647) */
                offset?: number;
                includeSuspended?: boolean;
                integrationName?: string;
                workspaceId?: string;
                externalId?: string;
                /** @description only connections in this health */
                health?: "healthy" | "degraded" | "needs_reauth";
                pieceName?: string;
                projectId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connections: components["schemas"]["Connection"][];
                        total: number;
                    } | {
                        connection: components["schemas"]["Connection"];
                    } | {
                        data: components["schemas"]["EarlierConnection"][];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "connections.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type?: "SECRET_TEXT" | "BASIC_AUTH" | "CUSTOM_AUTH" | "OAUTH2" | "PLATFORM_OAUTH2";
                    externalId?: string;
                    displayName?: string;
                    integrationName?: string;
                    authMethodKey?: string;
                    /** Format: uuid */
                    workspaceId?: string;
                    /** @description the end user's externalId */
                    endUserId?: string;
                    /** @enum {string} */
                    scope?: "ORGANIZATION" | "WORKSPACE" | "USER";
                    /** Format: uuid */
                    oauthAppId?: string;
                    secretText?: string;
                    username?: string;
                    password?: string;
                    props?: {
                        [key: string]: unknown;
                    };
                    accessToken?: string;
                    refreshToken?: string;
                    tokenType?: string;
                    expiresIn?: number;
                    scope_oauth?: string;
                    data?: {
                        [key: string]: unknown;
                    };
                    /** @description earlier shape: the integration name */
                    pieceName?: string;
                    /**
                     * Format: uuid
                     * @description earlier shape: the workspace id
                     */
                    projectId?: string;
                    /** @description earlier shape: {type, ...credential fields} */
                    value?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connection: components["schemas"]["Connection"];
                    } | components["schemas"]["EarlierConnection"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "connections.resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    integrationName: string;
                    /** Format: uuid */
                    workspaceId: string;
                    externalId?: string;
                    authMethodKey?: string;
                    /** @description the end user's externalId */
                    endUserId?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connection: components["schemas"]["Connection"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "connections.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EarlierConnection"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "connections.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        /** Format: uuid */
                        id: string;
                        /**
                         * @description for callers of the earlier shape
                         * @enum {boolean}
                         */
                        success: true;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "workspaceIntegrations.list": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        integrations: components["schemas"]["WorkspaceIntegration"][];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "workspaceIntegrations.create": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    integrationName: string;
                    alias?: string;
                    /** @enum {string} */
                    connectionStrategy?: "fixed" | "per_user" | "per_user_with_fallback" | "ENFORCED_ORG" | "ENFORCED_PROJECT" | "USER_REQUIRED" | "USER_WITH_DEFAULT";
                    authMethodKey?: string;
                    /** @enum {string} */
                    oauthAppMode?: "service_managed" | "custom";
                    /** Format: uuid */
                    oauthAppId?: string;
                    /** Format: uuid */
                    connectionId?: string;
                    displayName?: string;
                    enabledActions?: string[];
                    settings?: {
                        [key: string]: unknown;
                    };
                    sortOrder?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        integration: components["schemas"]["WorkspaceIntegration"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "workspaceIntegrations.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        integration: components["schemas"]["WorkspaceIntegration"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "workspaceIntegrations.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "workspaceIntegrations.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    alias?: string;
                    /** @enum {string} */
                    connectionStrategy?: "fixed" | "per_user" | "per_user_with_fallback" | "ENFORCED_ORG" | "ENFORCED_PROJECT" | "USER_REQUIRED" | "USER_WITH_DEFAULT";
                    authMethodKey?: string;
                    /** @enum {string} */
                    oauthAppMode?: "service_managed" | "custom";
                    oauthAppId?: string | null;
                    connectionId?: string | null;
                    displayName?: string | null;
                    enabledActions?: string[] | null;
                    settings?: {
                        [key: string]: unknown;
                    } | null;
                    sortOrder?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        integration: components["schemas"]["WorkspaceIntegration"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "partials.list": {
        parameters: {
            query: {
                workspaceId: string;
                integrationName?: string;
                workspaceIntegrationId?: string;
                integrationAlias?: string;
                actionName?: string;
                triggerName?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        partials: components["schemas"]["Partial"][];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "partials.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    workspaceId: string;
                    integrationName: string;
                    /** Format: uuid */
                    workspaceIntegrationId?: string;
                    integrationAlias?: string;
                    actionName?: string;
                    triggerName?: string;
                    name: string;
                    description?: string | null;
                    /** @description input values merged into calls */
                    values?: {
                        [key: string]: unknown;
                    };
                    /** @description keys of values that runtime input cannot override */
                    enforcedKeys?: string[];
                    isDefault?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        partial: components["schemas"]["Partial"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "partials.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        partial: components["schemas"]["Partial"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "partials.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "partials.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string | null;
                    /** @description input values merged into calls */
                    values?: {
                        [key: string]: unknown;
                    };
                    /** @description keys of values that runtime input cannot override */
                    enforcedKeys?: string[];
                    isDefault?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        partial: components["schemas"]["Partial"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "partials.setDefault": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    isDefault: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        partial: components["schemas"]["Partial"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "approvalPolicies.list": {
        parameters: {
            query?: {
                workspaceId?: string;
                /** @description Page size (1 to 100) */
                limit?: number;
                /** @description Items to skip (0 to 2147483647) */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        policies: components["schemas"]["ApprovalPolicy"][];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "approvalPolicies.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    workspaceId?: string | null;
                    description?: string | null;
                    enabled?: boolean;
                    /** @description lower runs first; default 100 */
                    priority?: number;
                    /** @description default [rest, sdk, mcp_tools, mcp_code] */
                    sources?: ("rest" | "sdk" | "mcp_tools" | "mcp_code" | "playground" | "trigger")[];
                    /** @description MCP server ids */
                    mcpServerIds?: string[];
                    /** @description workspace integration ids */
                    workspaceIntegrationIds?: string[];
                    /** @description integration names */
                    integrationNames?: string[];
                    /** @description integration aliases */
                    integrationAliases?: string[];
                    /** @description action names */
                    actionNames?: string[];
                    connectionStrategies?: ("fixed" | "per_user" | "per_user_with_fallback")[];
                    /** @enum {string} */
                    endUserMode?: "any" | "end_user_present" | "no_end_user";
                    /** @enum {string} */
                    decision?: "require_approval" | "notify_only" | "block" | "auto_approve";
                    /** @enum {string} */
                    riskMode?: "always" | "rules" | "model_assisted";
                    /** @description Risk rules (see docs/decisions/0061-approval-rules.md) */
                    rules?: {
                        /** @description read, write, delete, send, payment, share */
                        actionCategories?: ("read" | "write" | "delete" | "send" | "payment" | "share")[];
                        amountThresholds?: ({
                            /** @description dotted path in the input, e.g. amount or items[*].price */
                            path: string;
                            /** @description fires when the amount exceeds this */
                            limit: number;
                        } & {
                            [key: string]: unknown;
                        })[];
                        /** @description addresses or *@domain patterns; fires for any other recipient */
                        recipientAllowlist?: string[];
                        /** @description fires when a recipient matches */
                        recipientDenylist?: string[];
                        /** @description domains (subdomains included); fires for any other domain */
                        domainAllowlist?: string[];
                        /** @description fires when a domain or a subdomain of it appears */
                        domainDenylist?: string[];
                        /** @description fires when a path-like input starts with one */
                        storagePathPrefixes?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                    approvers?: (({
                        /** @enum {string} */
                        type: "org_role";
                        roles: ("owner" | "admin" | "member")[];
                    } & {
                        [key: string]: unknown;
                    }) | ({
                        /** @enum {string} */
                        type: "dashboard_user";
                        userIds: string[];
                    } & {
                        [key: string]: unknown;
                    }) | ({
                        /** @enum {string} */
                        type: "end_user";
                    } & {
                        [key: string]: unknown;
                    }) | ({
                        /** @enum {string} */
                        type: "webhook";
                        /**
                         * Format: uri
                         * @description public HTTPS URL
                         */
                        webhookUrl: string;
                    } & {
                        [key: string]: unknown;
                    }))[];
                    /** @description 60 s to 30 days; default 3600 */
                    timeoutSeconds?: number;
                    /** @enum {string} */
                    defaultOnTimeout?: "reject" | "expire";
                    reuseWindowSeconds?: number | null;
                    /** @enum {string} */
                    approvalAccessMode?: "dashboard_only" | "dashboard_and_hosted_link" | "hosted_link_only";
                    metadata?: {
                        [key: string]: unknown;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        policy: components["schemas"]["ApprovalPolicy"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "approvalPolicies.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    policy: {
                        workspaceId?: string | null;
                        name?: string;
                        description?: string | null;
                        enabled?: boolean;
                        /** @description lower runs first; default 100 */
                        priority?: number;
                        /** @description default [rest, sdk, mcp_tools, mcp_code] */
                        sources?: ("rest" | "sdk" | "mcp_tools" | "mcp_code" | "playground" | "trigger")[];
                        /** @description MCP server ids */
                        mcpServerIds?: string[];
                        /** @description workspace integration ids */
                        workspaceIntegrationIds?: string[];
                        /** @description integration names */
                        integrationNames?: string[];
                        /** @description integration aliases */
                        integrationAliases?: string[];
                        /** @description action names */
                        actionNames?: string[];
                        connectionStrategies?: ("fixed" | "per_user" | "per_user_with_fallback")[];
                        /** @enum {string} */
                        endUserMode?: "any" | "end_user_present" | "no_end_user";
                        /** @enum {string} */
                        decision?: "require_approval" | "notify_only" | "block" | "auto_approve";
                        /** @enum {string} */
                        riskMode?: "always" | "rules" | "model_assisted";
                        /** @description Risk rules (see docs/decisions/0061-approval-rules.md) */
                        rules?: {
                            /** @description read, write, delete, send, payment, share */
                            actionCategories?: ("read" | "write" | "delete" | "send" | "payment" | "share")[];
                            amountThresholds?: ({
                                /** @description dotted path in the input, e.g. amount or items[*].price */
                                path: string;
                                /** @description fires when the amount exceeds this */
                                limit: number;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description addresses or *@domain patterns; fires for any other recipient */
                            recipientAllowlist?: string[];
                            /** @description fires when a recipient matches */
                            recipientDenylist?: string[];
                            /** @description domains (subdomains included); fires for any other domain */
                            domainAllowlist?: string[];
                            /** @description fires when a domain or a subdomain of it appears */
                            domainDenylist?: string[];
                            /** @description fires when a path-like input starts with one */
                            storagePathPrefixes?: string[];
                        } & {
                            [key: string]: unknown;
                        };
                        approvers?: (({
                            /** @enum {string} */
                            type: "org_role";
                            roles: ("owner" | "admin" | "member")[];
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @enum {string} */
                            type: "dashboard_user";
                            userIds: string[];
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @enum {string} */
                            type: "end_user";
                        } & {
                            [key: string]: unknown;
                        }) | ({
                            /** @enum {string} */
                            type: "webhook";
                            /**
                             * Format: uri
                             * @description public HTTPS URL
                             */
                            webhookUrl: string;
                        } & {
                            [key: string]: unknown;
                        }))[];
                        /** @description 60 s to 30 days; default 3600 */
                        timeoutSeconds?: number;
                        /** @enum {string} */
                        defaultOnTimeout?: "reject" | "expire";
                        reuseWindowSeconds?: number | null;
                        /** @enum {string} */
                        approvalAccessMode?: "dashboard_only" | "dashboard_and_hosted_link" | "hosted_link_only";
                        metadata?: {
                            [key: string]: unknown;
                        } | null;
                    };
                    context: {
                        /** Format: uuid */
                        workspaceId?: string;
                        /**
                         * @description default rest
                         * @enum {string}
                         */
                        source?: "rest" | "sdk" | "mcp_tools" | "mcp_code" | "playground" | "trigger";
                        integrationName: string;
                        integrationAlias?: string;
                        actionName: string;
                        connectionStrategy?: ("fixed" | "per_user" | "per_user_with_fallback") | null;
                        /** Format: uuid */
                        workspaceIntegrationId?: string;
                        /** Format: uuid */
                        mcpServerId?: string;
                        endUserId?: string | null;
                        input?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the policy's decision when matched; 'none' when it does not apply */
                        decision: string;
                        matched: boolean;
                        reasons: string[];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "approvalPolicies.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        policy: components["schemas"]["ApprovalPolicy"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "approvalPolicies.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "approvalPolicies.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    workspaceId?: string | null;
                    name?: string;
                    description?: string | null;
                    enabled?: boolean;
                    /** @description lower runs first; default 100 */
                    priority?: number;
                    /** @description default [rest, sdk, mcp_tools, mcp_code] */
                    sources?: ("rest" | "sdk" | "mcp_tools" | "mcp_code" | "playground" | "trigger")[];
                    /** @description MCP server ids */
                    mcpServerIds?: string[];
                    /** @description workspace integration ids */
                    workspaceIntegrationIds?: string[];
                    /** @description integration names */
                    integrationNames?: string[];
                    /** @description integration aliases */
                    integrationAliases?: string[];
                    /** @description action names */
                    actionNames?: string[];
                    connectionStrategies?: ("fixed" | "per_user" | "per_user_with_fallback")[];
                    /** @enum {string} */
                    endUserMode?: "any" | "end_user_present" | "no_end_user";
                    /** @enum {string} */
                    decision?: "require_approval" | "notify_only" | "block" | "auto_approve";
                    /** @enum {string} */
                    riskMode?: "always" | "rules" | "model_assisted";
                    /** @description Risk rules (see docs/decisions/0061-approval-rules.md) */
                    rules?: {
                        /** @description read, write, delete, send, payment, share */
                        actionCategories?: ("read" | "write" | "delete" | "send" | "payment" | "share")[];
                        amountThresholds?: ({
                            /** @description dotted path in the input, e.g. amount or items[*].price */
                            path: string;
                            /** @description fires when the amount exceeds this */
                            limit: number;
                        } & {
                            [key: string]: unknown;
                        })[];
                        /** @description addresses or *@domain patterns; fires for any other recipient */
                        recipientAllowlist?: string[];
                        /** @description fires when a recipient matches */
                        recipientDenylist?: string[];
                        /** @description domains (subdomains included); fires for any other domain */
                        domainAllowlist?: string[];
                        /** @description fires when a domain or a subdomain of it appears */
                        domainDenylist?: string[];
                        /** @description fires when a path-like input starts with one */
                        storagePathPrefixes?: string[];
                    } & {
                        [key: string]: unknown;
                    };
                    approvers?: (({
                        /** @enum {string} */
                        type: "org_role";
                        roles: ("owner" | "admin" | "member")[];
                    } & {
                        [key: string]: unknown;
                    }) | ({
                        /** @enum {string} */
                        type: "dashboard_user";
                        userIds: string[];
                    } & {
                        [key: string]: unknown;
                    }) | ({
                        /** @enum {string} */
                        type: "end_user";
                    } & {
                        [key: string]: unknown;
                    }) | ({
                        /** @enum {string} */
                        type: "webhook";
                        /**
                         * Format: uri
                         * @description public HTTPS URL
                         */
                        webhookUrl: string;
                    } & {
                        [key: string]: unknown;
                    }))[];
                    /** @description 60 s to 30 days; default 3600 */
                    timeoutSeconds?: number;
                    /** @enum {string} */
                    defaultOnTimeout?: "reject" | "expire";
                    reuseWindowSeconds?: number | null;
                    /** @enum {string} */
                    approvalAccessMode?: "dashboard_only" | "dashboard_and_hosted_link" | "hosted_link_only";
                    metadata?: {
                        [key: string]: unknown;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        policy: components["schemas"]["ApprovalPolicy"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "approvals.list": {
        parameters: {
            query?: {
                workspaceId?: string;
                status?: "pending" | "approved" | "rejected" | "expired" | "canceled" | "consumed";
                source?: "rest" | "sdk" | "mcp_tools" | "mcp_code" | "playground" | "trigger";
                integrationName?: string;
                actionName?: string;
                policyId?: string;
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approvals: components["schemas"]["Approval"][];
                        total: number;
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "approvals.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description apr_… */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approval: components["schemas"]["Approval"];
                        /** @description recent deliveries of lifecycle webhooks to webhook approvers */
                        webhookDeliveries?: {
                            /**
                             * Format: uuid
                             * @description sent as X-Service-Delivery; the same on every attempt
                             */
                            deliveryId: string;
                            /** @description pending (waiting for its first try or a retry), sending, delivered (a 2xx came), dead (attempts used up), canceled */
                            status: "pending" | "sending" | "delivered" | "dead" | "canceled";
                            attempts: number;
                            /** @description the attempt count at which the delivery is dead-lettered */
                            maxAttempts: number;
                            nextAttemptAt: string | null;
                            lastAttemptAt: string | null;
                            lastStatusCode: number | null;
                            lastError: string | null;
                            deliveredAt: string | null;
                            deadAt: string | null;
                            history: {
                                /** @description attempt number (1 = first try); sent as X-Service-Attempt */
                                attempt: number;
                                /** Format: date-time */
                                startedAt: string;
                                finishedAt: string | null;
                                statusCode: number | null;
                                error: string | null;
                                durationMs: number | null;
                                responseExcerpt: string | null;
                            }[];
                            url: string;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "approvals.approve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description apr_… */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason?: string;
                    metadata?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approval: components["schemas"]["Approval"];
                        receipt: components["schemas"]["ApprovalReceipt"] | null;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "approvals.reject": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description apr_… */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason?: string;
                    metadata?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approval: components["schemas"]["Approval"];
                        receipt: components["schemas"]["ApprovalReceipt"] | null;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "approvals.cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description apr_… */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason?: string;
                    metadata?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approval: components["schemas"]["Approval"];
                        receipt: components["schemas"]["ApprovalReceipt"] | null;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "connect.createToken": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    integrationName: string;
                    /** @description display name of the resulting connection */
                    connectionName: string;
                    /** @description externalId of the resulting connection */
                    externalId: string;
                    /** Format: uuid */
                    workspaceId: string;
                    /**
                     * Format: uuid
                     * @description inherit authMethodKey and the OAuth app policy from this workspace integration
                     */
                    workspaceIntegrationId?: string;
                    /** @description required when the integration has several auth options and no workspaceIntegrationId */
                    authMethodKey?: string;
                    /** @description the end user's externalId (created when absent) */
                    endUserId?: string;
                    /**
                     * @description ORGANIZATION by default; USER when endUserId is given
                     * @enum {string}
                     */
                    scope?: "ORGANIZATION" | "WORKSPACE" | "USER";
                    /**
                     * @description service_managed (default) or custom
                     * @enum {string}
                     */
                    oauthAppMode?: "service_managed" | "custom";
                    /**
                     * Format: uuid
                     * @description required when oauthAppMode is custom
                     */
                    oauthAppId?: string;
                    /** Format: uri */
                    successRedirectUri?: string;
                    /** Format: uri */
                    errorRedirectUri?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description cst_...; shown once */
                        token: string;
                        /** @description {base_url}/connect?token=<token> */
                        connectUrl: string;
                        /** Format: date-time */
                        expiresAt: string;
                        /** Format: uuid */
                        sessionId: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "connect.getSession": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        session: components["schemas"]["ConnectSession"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "connect.pollSession": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the cst_ token */
                    token?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        sessionId: string;
                        /** @enum {string} */
                        status: "PENDING" | "CONNECTING" | "COMPLETED" | "FAILED";
                        connectionId: string | null;
                        integrationName: string;
                        externalId: string;
                        error: string | null;
                        verification: ("verified" | "unverified") | null;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "connect.oauthCallback": {
        parameters: {
            query?: {
                state?: string;
                code?: string;
                error?: string;
                error_description?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "actions.execute": {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
                "x-idempotency-key"?: string;
                "x-switchboard-source"?: "rest" | "sdk" | "playground";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    integrationName: string;
                    actionName: string;
                    /** Format: uuid */
                    workspaceId: string;
                    /** @description default {} */
                    input?: {
                        [key: string]: unknown;
                    };
                    connectionExternalId?: string;
                    authMethodKey?: string;
                    /** Format: uuid */
                    workspaceIntegrationId?: string;
                    integrationAlias?: string;
                    /** @description the end user's externalId */
                    endUserId?: string;
                    /** @description [] runs without default partials */
                    partialIds?: string[];
                    idempotencyKey?: string;
                } | {
                    /** @description earlier shape: the integration name */
                    pieceName: string;
                    actionName: string;
                    /** @description default {} */
                    input: {
                        [key: string]: unknown;
                    };
                    /**
                     * Format: uuid
                     * @description earlier shape: the connection id
                     */
                    connectionId?: string;
                    /** @description earlier shape: the connection's externalId */
                    externalId?: string;
                    /**
                     * Format: uuid
                     * @description earlier shape: the workspace id
                     */
                    projectId?: string;
                    /** Format: uuid */
                    workspaceId?: string;
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        /** @description the action output; {error, detail} when success is false */
                        output?: unknown;
                        /** @description earlier shape: milliseconds */
                        duration?: number;
                    };
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: false;
                        /** @enum {string} */
                        status: "approval_required";
                        approval: {
                            id: string;
                            status: string;
                            approvalUrl: string | null;
                            hostedApprovalUrl: string | null;
                            expiresAt: string;
                            retry: {
                                idempotencyKey: string;
                            };
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "activity.list": {
        parameters: {
            query?: {
                workspaceId?: string;
                source?: "rest" | "sdk" | "mcp_tools" | "mcp_code" | "playground" | "trigger";
                integrationName?: string;
                actionName?: string;
                status?: "success" | "failed" | "error" | "approval_required" | "blocked";
                /** @description the end user's externalId */
                endUserId?: string;
                since?: string;
                until?: string;
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        activity: components["schemas"]["ActivityEntry"][];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "integrations.list": {
        parameters: {
            query?: {
                /** @description return {integration} for this name */
                name?: string;
                /** @description lightweight entries (action and trigger names only) */
                summary?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        integrations: components["schemas"]["CatalogEntry"][];
                        total: number;
                        registered: string[];
                    } | {
                        integration: components["schemas"]["CatalogEntry"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "integrations.oauthStatus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description integration names with an OAuth app configured (platform-provided or custom) */
                        configured: string[];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "integrations.propertyOptions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integrationName: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    propertyName: string;
                    /** @description give actionName or triggerName, not both */
                    actionName?: string;
                    triggerName?: string;
                    connectionExternalId?: string;
                    authMethodKey?: string;
                    /** Format: uuid */
                    workspaceId?: string;
                    /** Format: uuid */
                    workspaceIntegrationId?: string;
                    integrationAlias?: string;
                    /** @description the end user's externalId */
                    endUserId?: string;
                    /**
                     * @description the values entered so far (refreshers read them)
                     * @default {}
                     */
                    input?: {
                        [key: string]: unknown;
                    };
                    partialIds?: string[];
                    searchValue?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        options: {
                            label: string;
                            value: unknown;
                        }[];
                        disabled: boolean;
                        placeholder?: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "integrations.resolveProperties": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integrationName: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    propertyName: string;
                    /** @description give actionName or triggerName, not both */
                    actionName?: string;
                    triggerName?: string;
                    connectionExternalId?: string;
                    authMethodKey?: string;
                    /** Format: uuid */
                    workspaceId?: string;
                    /** Format: uuid */
                    workspaceIntegrationId?: string;
                    integrationAlias?: string;
                    /** @description the end user's externalId */
                    endUserId?: string;
                    /**
                     * @description the values entered so far (refreshers read them)
                     * @default {}
                     */
                    input?: {
                        [key: string]: unknown;
                    };
                    partialIds?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        properties: {
                            [key: string]: {
                                type: string;
                                displayName: string;
                                required: boolean;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "integrations.logo": {
        parameters: {
            query?: {
                /** @description an imported document's display name, as its catalog entry's logoUrl gives it: the monogram of an organization's own integration, which this public route does not look up */
                label?: string;
            };
            header?: never;
            path: {
                integrationName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhookSigningSecret.rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description whsec_...: shown only in this response; the HMAC-SHA256 key of X-Service-Signature */
                        secret: string;
                        /** @description true while the organization has a secret: outbound webhooks are then signed */
                        enabled: boolean;
                        secretPrefix: string | null;
                        createdAt: string | null;
                        previousSecretExpiresAt: string | null;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "webhookSigningSecret.get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description true while the organization has a secret: outbound webhooks are then signed */
                        enabled: boolean;
                        secretPrefix: string | null;
                        createdAt: string | null;
                        previousSecretExpiresAt: string | null;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "webhookSigningSecret.delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description true while the organization has a secret: outbound webhooks are then signed */
                        enabled: boolean;
                        secretPrefix: string | null;
                        createdAt: string | null;
                        previousSecretExpiresAt: string | null;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "triggers.enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description required (current shape) */
                    integrationName?: string;
                    /** @description required */
                    triggerName?: string;
                    /**
                     * Format: uri
                     * @description required (current shape): where events are POSTed
                     */
                    callbackUrl?: string;
                    /** @description sent with every callback; stored encrypted, never returned */
                    callbackHeaders?: {
                        [key: string]: string;
                    };
                    /** @description passed through as `metadata` in every callback */
                    callbackMetadata?: {
                        [key: string]: unknown;
                    };
                    connectionExternalId?: string;
                    authMethodKey?: string;
                    /**
                     * Format: uuid
                     * @description required (current shape)
                     */
                    workspaceId?: string;
                    /** Format: uuid */
                    workspaceIntegrationId?: string;
                    integrationAlias?: string;
                    /** @description the end user's externalId */
                    endUserId?: string;
                    /** @description merged over defaults and partials; required in the earlier shape */
                    input?: {
                        [key: string]: unknown;
                    };
                    /** @description [] disables default partials */
                    partialIds?: string[];
                    /** @description polling triggers; the plan minimum applies */
                    pollingIntervalMinutes?: number;
                    /** @description deliver the sample data (and posted test events) without registering anything with the provider */
                    simulate?: boolean;
                    /** @description earlier shape: the integration */
                    pieceName?: string;
                    /**
                     * Format: uri
                     * @description earlier shape: the callback URL
                     */
                    webhookUrl?: string;
                    /**
                     * Format: uuid
                     * @description earlier shape: the connection
                     */
                    connectionId?: string;
                    /**
                     * Format: uuid
                     * @description earlier shape: the workspace
                     */
                    projectId?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        triggerSource: components["schemas"]["TriggerSource"];
                    } | {
                        /** Format: uuid */
                        id: string;
                        pieceName: string;
                        triggerName: string;
                        /** @description ACTIVE (or DISABLED) */
                        status: string;
                        /** @description the callback URL */
                        webhookUrl: string;
                        connectionId: string | null;
                        /** Format: uuid */
                        projectId: string;
                        /** Format: date-time */
                        createdAt: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "triggers.disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description required (earlier shape: triggerId)
                     */
                    triggerSourceId?: string;
                    /**
                     * Format: uuid
                     * @description earlier shape
                     */
                    triggerId?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        disabled: true;
                        /** Format: uuid */
                        triggerSourceId: string;
                    } | {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "triggers.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description required */
                    integrationName?: string;
                    /** @description required */
                    triggerName?: string;
                    /** @description earlier name of integrationName */
                    pieceName?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the trigger's sample event data */
                        sampleData: unknown;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "triggers.list": {
        parameters: {
            query?: {
                workspaceId?: string;
                integrationName?: string;
                /** @description also list disabled sources (their history stays readable) */
                includeDisabled?: boolean;
                /** @description earlier shape: answers {data: [...]} */
                projectId?: string;
                /** @description earlier shape: answers {data: [...]} */
                pieceName?: string;
                /** @description Page size (1 to 100) */
                limit?: number;
                /** @description Items to skip (0 to 2147483647) */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        triggers: components["schemas"]["TriggerSource"][];
                        total: number;
                    } | {
                        data: {
                            /** Format: uuid */
                            id: string;
                            pieceName: string;
                            triggerName: string;
                            /** @description ACTIVE (or DISABLED) */
                            status: string;
                            /** @description the callback URL */
                            webhookUrl: string;
                            connectionId: string | null;
                            /** Format: uuid */
                            projectId: string;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "triggers.listEvents": {
        parameters: {
            query?: {
                status?: "pending" | "sending" | "delivered" | "dead" | "canceled";
                from?: string;
                to?: string;
                /** @description Page size (1 to 100) */
                limit?: number;
                /** @description Items to skip (0 to 2147483647) */
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            /**
                             * Format: uuid
                             * @description stable: the callback body carries it, and X-Service-Delivery equals it
                             */
                            eventId: string;
                            /** Format: uuid */
                            triggerSourceId: string;
                            /** @description order of the event within its source (1, 2, ...) */
                            sequence: number;
                            /** @description webhook, poll, app_event, sample or test */
                            origin: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description of its delivery; dead = attempts used up (redeliver to replay) */
                            status: "pending" | "sending" | "delivered" | "dead" | "canceled";
                            attempts: number;
                            maxAttempts: number;
                            nextAttemptAt: string | null;
                            lastAttemptAt: string | null;
                            lastStatusCode: number | null;
                            lastError: string | null;
                            deliveredAt: string | null;
                            deadAt: string | null;
                            history: {
                                /** @description attempt number (1 = first try); sent as X-Service-Attempt */
                                attempt: number;
                                /** Format: date-time */
                                startedAt: string;
                                finishedAt: string | null;
                                statusCode: number | null;
                                error: string | null;
                                durationMs: number | null;
                                responseExcerpt: string | null;
                            }[];
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "triggers.redeliverEvent": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        event: {
                            /**
                             * Format: uuid
                             * @description stable: the callback body carries it, and X-Service-Delivery equals it
                             */
                            eventId: string;
                            /** Format: uuid */
                            triggerSourceId: string;
                            /** @description order of the event within its source (1, 2, ...) */
                            sequence: number;
                            /** @description webhook, poll, app_event, sample or test */
                            origin: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description of its delivery; dead = attempts used up (redeliver to replay) */
                            status: "pending" | "sending" | "delivered" | "dead" | "canceled";
                            attempts: number;
                            maxAttempts: number;
                            nextAttemptAt: string | null;
                            lastAttemptAt: string | null;
                            lastStatusCode: number | null;
                            lastError: string | null;
                            deliveredAt: string | null;
                            deadAt: string | null;
                            history: {
                                /** @description attempt number (1 = first try); sent as X-Service-Attempt */
                                attempt: number;
                                /** Format: date-time */
                                startedAt: string;
                                finishedAt: string | null;
                                statusCode: number | null;
                                error: string | null;
                                durationMs: number | null;
                                responseExcerpt: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "triggers.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        triggerSource: components["schemas"]["TriggerSource"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "triggers.reEnable": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        triggerSource: components["schemas"]["TriggerSource"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "triggers.redeliverRange": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    from: string;
                    /** Format: date-time */
                    to: string;
                    status?: "pending" | "sending" | "delivered" | "dead" | "canceled";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description how many events were armed for a fresh round of attempts */
                        redelivered: number;
                        /** @description in source order */
                        eventIds: string[];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "triggers.sendTestEvent": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the event's data; default the trigger's sample data */
                    data?: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        event: {
                            /**
                             * Format: uuid
                             * @description stable: the callback body carries it, and X-Service-Delivery equals it
                             */
                            eventId: string;
                            /** Format: uuid */
                            triggerSourceId: string;
                            /** @description order of the event within its source (1, 2, ...) */
                            sequence: number;
                            /** @description webhook, poll, app_event, sample or test */
                            origin: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description of its delivery; dead = attempts used up (redeliver to replay) */
                            status: "pending" | "sending" | "delivered" | "dead" | "canceled";
                            attempts: number;
                            maxAttempts: number;
                            nextAttemptAt: string | null;
                            lastAttemptAt: string | null;
                            lastStatusCode: number | null;
                            lastError: string | null;
                            deliveredAt: string | null;
                            deadAt: string | null;
                            history: {
                                /** @description attempt number (1 = first try); sent as X-Service-Attempt */
                                attempt: number;
                                /** Format: date-time */
                                startedAt: string;
                                finishedAt: string | null;
                                statusCode: number | null;
                                error: string | null;
                                durationMs: number | null;
                                responseExcerpt: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "inboundWebhooks.sourceGet": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integrationName: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "inboundWebhooks.sourcePut": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integrationName: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "inboundWebhooks.sourcePost": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integrationName: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "inboundWebhooks.sourceDelete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integrationName: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "inboundWebhooks.sourcePatch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integrationName: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "inboundWebhooks.appGet": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integrationName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "inboundWebhooks.appPut": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integrationName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "inboundWebhooks.appPost": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integrationName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "inboundWebhooks.appDelete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integrationName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "inboundWebhooks.appPatch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                integrationName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "mcpServers.list": {
        parameters: {
            query?: {
                workspaceId?: string;
                /** @description Page size (1 to 100) */
                limit?: number;
                /** @description Items to skip (0 to 2147483647) */
                offset?: number;
                includeSuspended?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        servers: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            orgId: string;
                            workspaceId: string | null;
                            name: string;
                            description: string;
                            /** @enum {string} */
                            mode: "TOOLS" | "CODE";
                            settings: {
                                codeMode: {
                                    approvalWaitSeconds: number;
                                };
                                mcpApp: {
                                    enabled: boolean;
                                };
                            };
                            /** @enum {string} */
                            authMode: "oauth" | "bearer" | "oauth_and_bearer";
                            /** @enum {string} */
                            endUserAccess: "restricted" | "open";
                            auth: {
                                oauthEnabled: boolean;
                                bearerEnabled: boolean;
                                /** @description a shared static bearer token can be used (bearer mode, and no strict per-user integrations unless the server has an endUserId) */
                                staticBearerEnabled: boolean;
                                endUserBearerTokensEnabled: boolean;
                                /** @description tokens can be issued through access-tokens or oauth-tokens */
                                accessTokensEnabled: boolean;
                            };
                            endUserId: string | null;
                            createdBy: string | null;
                            /** @description true when the plan no longer covers this server */
                            suspended: boolean;
                            /** @description {base_url}/mcp/srv_<server_id> */
                            mcpEndpoint: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "mcpServers.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string;
                    /** Format: uuid */
                    workspaceId: string;
                    /** @enum {string} */
                    mode?: "TOOLS" | "CODE";
                    settings?: {
                        codeMode?: {
                            /** @description default 0 */
                            approvalWaitSeconds?: number;
                        };
                        mcpApp?: {
                            /** @description default false */
                            enabled?: boolean;
                        };
                    };
                    /** @enum {string} */
                    authMode?: "oauth" | "bearer" | "oauth_and_bearer";
                    /** @enum {string} */
                    endUserAccess?: "restricted" | "open";
                    createdBy?: string;
                    /** @description the end user's externalId or internal id */
                    endUserId?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        server: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            orgId: string;
                            workspaceId: string | null;
                            name: string;
                            description: string;
                            /** @enum {string} */
                            mode: "TOOLS" | "CODE";
                            settings: {
                                codeMode: {
                                    approvalWaitSeconds: number;
                                };
                                mcpApp: {
                                    enabled: boolean;
                                };
                            };
                            /** @enum {string} */
                            authMode: "oauth" | "bearer" | "oauth_and_bearer";
                            /** @enum {string} */
                            endUserAccess: "restricted" | "open";
                            auth: {
                                oauthEnabled: boolean;
                                bearerEnabled: boolean;
                                /** @description a shared static bearer token can be used (bearer mode, and no strict per-user integrations unless the server has an endUserId) */
                                staticBearerEnabled: boolean;
                                endUserBearerTokensEnabled: boolean;
                                /** @description tokens can be issued through access-tokens or oauth-tokens */
                                accessTokensEnabled: boolean;
                            };
                            endUserId: string | null;
                            createdBy: string | null;
                            /** @description true when the plan no longer covers this server */
                            suspended: boolean;
                            /** @description {base_url}/mcp/srv_<server_id> */
                            mcpEndpoint: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        mcpEndpoint: string;
                        /** @description shown once */
                        bearerToken?: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "mcpServers.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        server: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            orgId: string;
                            workspaceId: string | null;
                            name: string;
                            description: string;
                            /** @enum {string} */
                            mode: "TOOLS" | "CODE";
                            settings: {
                                codeMode: {
                                    approvalWaitSeconds: number;
                                };
                                mcpApp: {
                                    enabled: boolean;
                                };
                            };
                            /** @enum {string} */
                            authMode: "oauth" | "bearer" | "oauth_and_bearer";
                            /** @enum {string} */
                            endUserAccess: "restricted" | "open";
                            auth: {
                                oauthEnabled: boolean;
                                bearerEnabled: boolean;
                                /** @description a shared static bearer token can be used (bearer mode, and no strict per-user integrations unless the server has an endUserId) */
                                staticBearerEnabled: boolean;
                                endUserBearerTokensEnabled: boolean;
                                /** @description tokens can be issued through access-tokens or oauth-tokens */
                                accessTokensEnabled: boolean;
                            };
                            endUserId: string | null;
                            createdBy: string | null;
                            /** @description true when the plan no longer covers this server */
                            suspended: boolean;
                            /** @description {base_url}/mcp/srv_<server_id> */
                            mcpEndpoint: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        tools: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            mcpServerId: string;
                            integrationName: string;
                            integrationAlias: string;
                            actionName: string;
                            /** @enum {string} */
                            toolType: "ACTION";
                            connectionId: string | null;
                            displayName: string | null;
                            description: string | null;
                            inputDefaults: {
                                [key: string]: unknown;
                            } | null;
                            sortOrder: number;
                            partialIds: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "mcpServers.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "mcpServers.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    /** @enum {string} */
                    mode?: "TOOLS" | "CODE";
                    settings?: {
                        codeMode?: {
                            /** @description default 0 */
                            approvalWaitSeconds?: number;
                        };
                        mcpApp?: {
                            /** @description default false */
                            enabled?: boolean;
                        };
                    };
                    /** @enum {string} */
                    authMode?: "oauth" | "bearer" | "oauth_and_bearer";
                    /** @enum {string} */
                    endUserAccess?: "restricted" | "open";
                    endUserId?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        server: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            orgId: string;
                            workspaceId: string | null;
                            name: string;
                            description: string;
                            /** @enum {string} */
                            mode: "TOOLS" | "CODE";
                            settings: {
                                codeMode: {
                                    approvalWaitSeconds: number;
                                };
                                mcpApp: {
                                    enabled: boolean;
                                };
                            };
                            /** @enum {string} */
                            authMode: "oauth" | "bearer" | "oauth_and_bearer";
                            /** @enum {string} */
                            endUserAccess: "restricted" | "open";
                            auth: {
                                oauthEnabled: boolean;
                                bearerEnabled: boolean;
                                /** @description a shared static bearer token can be used (bearer mode, and no strict per-user integrations unless the server has an endUserId) */
                                staticBearerEnabled: boolean;
                                endUserBearerTokensEnabled: boolean;
                                /** @description tokens can be issued through access-tokens or oauth-tokens */
                                accessTokensEnabled: boolean;
                            };
                            endUserId: string | null;
                            createdBy: string | null;
                            /** @description true when the plan no longer covers this server */
                            suspended: boolean;
                            /** @description {base_url}/mcp/srv_<server_id> */
                            mcpEndpoint: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "mcpServers.regenerateToken": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bearerToken: string;
                        mcpEndpoint: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "mcpServers.createAccessToken": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the end user's externalId or internal id */
                    endUserId: string;
                    scopes?: string[];
                    /** @description seconds; default 2592000 (30 days) */
                    expiresIn?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accessToken: string;
                        bearerToken: string;
                        token: {
                            /** Format: uuid */
                            id: string;
                            tokenPrefix: string;
                            scopes: string[];
                            endUserId: string | null;
                            expiresAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description 'bearer' or 'oauth' */
                            authMethod: string;
                            /** @description 'mcp_bearer' or 'mcp_oauth' */
                            tokenType: string;
                        };
                        mcpEndpoint: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "mcpServers.createOAuthToken": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the end user's externalId or internal id */
                    endUserId: string;
                    scopes?: string[];
                    /** @description seconds; default 2592000 (30 days) */
                    expiresIn?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accessToken: string;
                        token: {
                            /** Format: uuid */
                            id: string;
                            tokenPrefix: string;
                            scopes: string[];
                            endUserId: string | null;
                            expiresAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description 'bearer' or 'oauth' */
                            authMethod: string;
                            /** @description 'mcp_bearer' or 'mcp_oauth' */
                            tokenType: string;
                        };
                        mcpEndpoint: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "mcpServers.listTokens": {
        parameters: {
            query?: {
                /** @description Page size (1 to 100) */
                limit?: number;
                /** @description Items to skip (0 to 2147483647) */
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tokens: {
                            /** Format: uuid */
                            id: string;
                            tokenPrefix: string;
                            scopes: string[];
                            endUserId: string | null;
                            expiresAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description 'bearer' or 'oauth' */
                            authMethod: string;
                            /** @description 'mcp_bearer' or 'mcp_oauth' */
                            tokenType: string;
                            /** @description the server's shared static bearer token */
                            static: boolean;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "mcpServers.deleteToken": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        revoked: true;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "mcpServers.addTool": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    integrationName: string;
                    actionName: string;
                    integrationAlias?: string;
                    /** @enum {string} */
                    toolType?: "ACTION";
                    /** Format: uuid */
                    connectionId?: string;
                    displayName?: string;
                    description?: string;
                    inputDefaults?: {
                        [key: string]: unknown;
                    };
                    partialIds?: string[];
                    sortOrder?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tool: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            mcpServerId: string;
                            integrationName: string;
                            integrationAlias: string;
                            actionName: string;
                            /** @enum {string} */
                            toolType: "ACTION";
                            connectionId: string | null;
                            displayName: string | null;
                            description: string | null;
                            inputDefaults: {
                                [key: string]: unknown;
                            } | null;
                            sortOrder: number;
                            partialIds: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "mcpServers.deleteTool": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                toolId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        id: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "mcpServers.updateTool": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                toolId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    displayName?: string | null;
                    description?: string | null;
                    inputDefaults?: {
                        [key: string]: unknown;
                    } | null;
                    connectionId?: string | null;
                    sortOrder?: number;
                    integrationAlias?: string;
                    partialIds?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tool: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            mcpServerId: string;
                            integrationName: string;
                            integrationAlias: string;
                            actionName: string;
                            /** @enum {string} */
                            toolType: "ACTION";
                            connectionId: string | null;
                            displayName: string | null;
                            description: string | null;
                            inputDefaults: {
                                [key: string]: unknown;
                            } | null;
                            sortOrder: number;
                            partialIds: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "mcpServers.executeCode": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description JavaScript; top-level await and return */
                    code?: string;
                    /** @description continue a run paused for this approval */
                    approvalId?: string;
                    waitForApprovalSeconds?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: {
                            type: string;
                            text: string;
                        }[];
                        structuredContent: {
                            /** @description completed, failed or approval_pending */
                            status: string;
                            output: unknown;
                            logs: unknown[];
                            actionsExecuted: number;
                            durationMs: number;
                            timings: {
                                totalExecuteMs: number;
                                sandboxMs: number;
                                browserActionMs: number;
                                steps: unknown[];
                            };
                            /** @description failed runs; APPROVAL_POLICY_BLOCKED, APPROVAL_REJECTED, APPROVAL_EXPIRED or APPROVAL_CANCELED when Human Gates stopped the code */
                            error?: {
                                name: string;
                                message: string;
                            };
                            /** @description paused runs and their continuations; batch approvals carry it too */
                            codeRunId?: string;
                            /** @description the next pending approval {id, status, approvalUrl, hostedApprovalUrl, expiresAt, retry, call, approvalPolicyName?, tools?} */
                            approval?: unknown;
                            /** @description every pending approval, when several */
                            approvals?: unknown[];
                            /** @description a run paused before it started: its batch approvals, one per policy group */
                            approvalGroup?: {
                                total: number;
                                pending: number;
                                groups: {
                                    approvalId: string;
                                    approvalPolicyName: string;
                                    tools: string[];
                                    status: string;
                                }[];
                            };
                            /** @description {tool: 'switchboard_execute', arguments: {approvalId}} */
                            continuation?: unknown;
                        } & {
                            [key: string]: unknown;
                        };
                        isError: boolean;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "mcpServers.listCodeRuns": {
        parameters: {
            query?: {
                /** @description Page size (1 to 100) */
                limit?: number;
                /** @description Items to skip (0 to 2147483647) */
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        runs: {
                            /** Format: uuid */
                            id: string;
                            /** @description completed, failed or approval_pending */
                            status: string;
                            /** @description the JavaScript the caller sent; words that look like credentials are [REDACTED] */
                            code: string;
                            /** @description SHA-256 of the code as sent, hex */
                            codeHash: string;
                            /** @description calls in order; their inputs and outputs are not shown */
                            steps: {
                                index: number;
                                /** @description switchboard.<alias>.<action> */
                                tool: string;
                                /** @description success, failed or approval_required */
                                status: string;
                                durationMs: number;
                            }[];
                            /** @description console output of a run that ended; lines that look like credentials are [REDACTED] */
                            logs: {
                                level: string;
                                message: string;
                            }[];
                            error: {
                                name: string;
                                message: string;
                            } | null;
                            durationMs: number | null;
                            approvalIds: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    "mcpServers.getDeclarations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                alias: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        alias: string;
                        integrationName: string;
                        /** @description TypeScript declarations of the alias */
                        declarations: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}
