"""Every resource group of the client makes at least one real call to the service."""
from __future__ import annotations

import json
import unittest
import urllib.request
import uuid

from switchboard import NULL, BadRequestError, NotFoundError, Switchboard, SwitchboardError
from switchboard._generated.models import Workspace

from .support import BASE_URL, needs_service, operator, tenant, workspace


@needs_service
class ResourceGroupsTest(unittest.TestCase):
    def setUp(self) -> None:
        self.client, self.org_id = tenant()
        self.ws = workspace(self.client)

    def test_health_and_operator(self) -> None:
        self.assertEqual(Switchboard(BASE_URL).health.check().status, "ok")
        org = operator().operator.get_organization(self.org_id).organization
        self.assertEqual(org.id, self.org_id)
        self.assertIn(self.org_id, [o.id for o in operator().operator.iterate_organizations()])

    def test_auth_session(self) -> None:
        email = f"p-{uuid.uuid4().hex[:8]}@example.com"
        up = Switchboard(BASE_URL).auth.sign_up(email=email, password="correct horse battery", name="Pat")
        self.assertTrue(up.token.startswith("uss_"))
        session = Switchboard(BASE_URL, up.token).auth.get_session()
        self.assertEqual(session.user.email, email)

    def test_workspaces(self) -> None:
        got = self.client.workspaces.get(self.ws).workspace
        self.assertIsInstance(got, Workspace)
        self.assertEqual(got.id, self.ws)
        self.assertEqual(got["orgId"], got.org_id, "raw JSON stays reachable by wire name")
        renamed = self.client.workspaces.update(self.ws, name="Renamed").workspace
        self.assertEqual(renamed.name, "Renamed")
        self.assertIn(self.ws, [w.id for w in self.client.workspaces.list().workspaces])
        other = workspace(self.client)
        self.assertEqual(self.client.workspaces.delete(other).id, other)

    def test_api_keys(self) -> None:
        created = self.client.api_keys.create(name="ci", permissions={"scope": "workspace", "workspaceIds": [self.ws]})
        self.assertTrue(created.plain_key.startswith("svc_"))
        self.assertEqual(created.api_key.permissions.workspace_ids, [self.ws])
        self.assertIn(created.api_key.id, [k.id for k in self.client.api_keys.iterate()])
        self.assertTrue(self.client.api_keys.delete(created.api_key.id).deleted)

    def test_end_users(self) -> None:
        user = self.client.end_users.create(workspace_id=self.ws, external_id="cust-1", email="c@example.com").end_user
        self.assertEqual(self.client.end_users.get(user.id).end_user.external_id, "cust-1")
        cleared = self.client.end_users.update(user.id, email=NULL).end_user
        self.assertIsNone(cleared.email, "NULL sends JSON null")
        self.assertEqual([u.id for u in self.client.end_users.iterate(workspace_id=self.ws)], [user.id])
        token = self.client.end_users.create_connect_token(user.id)
        self.assertTrue(token.token.startswith("eut_"))
        self.assertEqual(self.client.end_users.delete(user.id).id, user.id)

    def test_members_and_workspace_members(self) -> None:
        self.assertIsInstance(self.client.members.list().total, int)
        invitation = self.client.members.invite(email=f"i-{uuid.uuid4().hex[:6]}@example.com").invitation
        self.assertIn(invitation.id, [i.id for i in self.client.members.list_invitations().invitations])
        self.assertEqual(self.client.members.delete_invitation(invitation.id).id, invitation.id)
        self.assertEqual(self.client.workspace_members.list(workspace_id=self.ws).total, 0)

    def test_files_oauth_apps_and_signing_secret(self) -> None:
        with self.assertRaises(SwitchboardError) as caught:
            self.client.files.download(str(uuid.uuid4()), expires="1", signature="x")
        self.assertIn(caught.exception.status, (400, 403, 404))
        self.assertEqual(self.client.oauth_apps.list().oauth_apps, [])
        rotated = self.client.webhook_signing_secret.rotate()
        self.assertTrue(rotated.enabled)
        self.assertEqual(self.client.webhook_signing_secret.get().secret_prefix, rotated.secret_prefix)
        self.assertFalse(self.client.webhook_signing_secret.delete().enabled)

    def test_connections(self) -> None:
        conn = self.client.connections.create(
            type="SECRET_TEXT",
            integration_name="test-secret",
            external_id="acme",
            display_name="Acme",
            secret_text="good-secret-1",
        ).connection
        self.assertIsNotNone(conn)
        self.assertEqual(self.client.connections.list(id=conn.id).connection.external_id, "acme")
        self.assertIn(conn.id, [c.id for c in self.client.connections.iterate()])
        resolved = self.client.connections.resolve(integration_name="test-secret", workspace_id=self.ws, external_id="acme")
        self.assertEqual(resolved.connection.id, conn.id)
        self.assertEqual(self.client.connections.get(conn.id).id, conn.id)
        self.assertEqual(self.client.connections.delete(conn.id).id, conn.id)

    def test_workspace_integrations_and_partials(self) -> None:
        wi = self.client.workspace_integrations.create(self.ws, integration_name="hash-encode", alias="hasher").integration
        self.assertEqual(self.client.workspace_integrations.get(self.ws, wi.id).integration.alias, "hasher")
        self.assertEqual(self.client.workspace_integrations.list(self.ws).total, 1)
        updated = self.client.workspace_integrations.update(self.ws, wi.id, display_name="Hasher").integration
        self.assertEqual(updated.display_name, "Hasher")
        partial = self.client.partials.create(
            workspace_id=self.ws, integration_name="hash-encode", integration_alias="hasher", action_name="hash",
            name="md5", values={"algorithm": "md5"},
        ).partial
        self.assertEqual(self.client.partials.get(partial.id).partial.values, {"algorithm": "md5"})
        self.assertTrue(self.client.partials.set_default(partial.id, is_default=True).partial.is_default)
        self.assertEqual(self.client.partials.update(partial.id, description="MD5").partial.description, "MD5")
        result = self.client.actions.execute(
            workspace_id=self.ws, integration_name="hash-encode", integration_alias="hasher", action_name="hash",
            input={"text": "hello"},
        )
        self.assertEqual(result.output["hash"], "5d41402abc4b2a76b9719d911017c592", "the default partial applied")
        self.assertEqual(self.client.partials.list(workspace_id=self.ws).total, 1)
        self.assertEqual(self.client.partials.delete(partial.id).id, partial.id)
        self.assertEqual(self.client.workspace_integrations.delete(self.ws, wi.id).id, wi.id)

    def test_actions_and_activity(self) -> None:
        result = self.client.actions.execute(
            workspace_id=self.ws, integration_name="hash-encode", action_name="hash", input={"text": "hello"}
        )
        self.assertTrue(result.success)
        self.assertEqual(len(result.output["hash"]), 64)
        entries = self.client.activity.list(workspace_id=self.ws).activity
        self.assertEqual(entries[0].action_name, "hash")
        self.assertEqual(entries[0].source, "sdk", "the client says it is the SDK")
        usage = self.client.organization.get_usage().usage
        self.assertGreaterEqual(usage.actions.used, 1)
        self.assertGreaterEqual(usage.objects.workspaces.count, 1)

    def test_approval_policies_and_approvals(self) -> None:
        policy = self.client.approval_policies.create(name="Review sends", workspace_id=self.ws, action_names=["send"]).policy
        self.assertEqual(self.client.approval_policies.get(policy.id).policy.name, "Review sends")
        self.assertFalse(self.client.approval_policies.update(policy.id, enabled=False).policy.enabled)
        self.assertIn(policy.id, [p.id for p in self.client.approval_policies.iterate()])
        tested = self.client.approval_policies.test(
            policy={"name": "t", "riskMode": "always"},
            context={"integrationName": "http", "actionName": "send_request", "workspaceId": self.ws},
        )
        self.assertTrue(tested.matched)
        self.assertEqual(self.client.approvals.list(workspace_id=self.ws).approvals, [])
        self.assertEqual(self.client.approval_policies.delete(policy.id).id, policy.id)

    def test_integrations(self) -> None:
        catalog = Switchboard(BASE_URL).integrations.list(summary=True)
        self.assertIn("hash-encode", catalog.registered)
        one = self.client.integrations.list(name="hash-encode").integration
        self.assertIn("hash", one.actions)
        self.assertIsInstance(self.client.integrations.oauth_status().configured, list)
        self.assertIsInstance(Switchboard(BASE_URL).integrations.logo("hash-encode"), bytes)
        options = self.client.integrations.property_options("hash-encode", property_name="algorithm", action_name="hash")
        self.assertIn("md5", [o.value for o in options.options])
        with self.assertRaises(BadRequestError) as caught:
            self.client.integrations.resolve_properties("hash-encode", property_name="algorithm", action_name="hash")
        self.assertEqual(caught.exception.code, "NOT_DYNAMIC")

    def test_custom_integrations(self) -> None:
        name = f"py-api-{uuid.uuid4().hex[:6]}"
        document = {
            "openapi": "3.1.0",
            "info": {"title": "Python API", "version": "1"},
            "servers": [{"url": "https://py.example.com"}],
            "paths": {"/ping": {"get": {"operationId": "ping", "responses": {"200": {"description": "pong"}}}}},
        }
        created = self.client.custom_integrations.create(name=name, document=document)
        self.assertEqual(created.custom_integration.actions, ["ping"])
        self.assertIn(name, [c.name for c in self.client.custom_integrations.list().custom_integrations])
        self.assertEqual(self.client.custom_integrations.get(name).integration.runtime, "openapi")
        self.assertEqual(self.client.custom_integrations.delete(name).id, created.custom_integration.id)

    def test_triggers(self) -> None:
        self.assertEqual(self.client.triggers.list(workspace_id=self.ws).triggers, [])
        with self.assertRaises(NotFoundError):
            self.client.triggers.list_events(str(uuid.uuid4()))

    def test_mcp_servers_and_client_config(self) -> None:
        self.client.workspace_integrations.create(self.ws, integration_name="hash-encode")
        created = self.client.mcp_servers.create(name="Agent", workspace_id=self.ws, auth_mode="bearer")
        server_id = created.server.id
        self.assertTrue(created.bearer_token)
        self.assertEqual(self.client.mcp_servers.get(server_id).server.name, "Agent")
        self.assertIn(server_id, [s.id for s in self.client.mcp_servers.iterate(workspace_id=self.ws)])
        config = self.client.mcp_servers.client_config(server_id, created.bearer_token)
        self.assertEqual(config.endpoint, f"{BASE_URL}/mcp/srv_{server_id}")
        self.assertEqual(config.cursor["mcpServers"]["switchboard"]["url"], config.endpoint)
        self.assertEqual(config.vscode["servers"]["switchboard"]["headers"]["Authorization"], f"Bearer {created.bearer_token}")
        self.assertIn("mcp-remote", config.claude_desktop["mcpServers"]["switchboard"]["args"])
        self.assertEqual(
            config.claude_code,
            f"claude mcp add --transport http 'switchboard' '{config.endpoint}' --header 'Authorization: Bearer {created.bearer_token}'",
        )
        # The endpoint and header as configured answer a JSON-RPC tools/list.
        req = urllib.request.Request(
            config.endpoint,
            data=json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}).encode(),
            headers={**config.headers, "Content-Type": "application/json", "Accept": "application/json, text/event-stream"},
            method="POST",
        )
        with urllib.request.urlopen(req, timeout=30) as resp:
            text = resp.read().decode()
        self.assertIn("hash_encode__hash", text)
        self.assertIn(f"'{config.endpoint}'", config.curl)
        self.assertEqual(self.client.mcp_servers.delete(server_id).id, server_id)


if __name__ == "__main__":
    unittest.main()
