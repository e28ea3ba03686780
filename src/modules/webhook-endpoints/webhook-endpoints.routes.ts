import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../platform/http/auth.js';
import { apiKey } from '../../platform/http/route-access.js';
import { Deleted, IdParams, standardErrors } from '../../platform/http/schemas.js';
import {
  CreateWebhookEndpointBody,
  DeliveriesQuery,
  DeliveryParams,
  EndpointDeliveryEnvelope,
  EndpointDeliveryList,
  EventCatalog,
  UpdateWebhookEndpointBody,
  WebhookEndpointEnvelope,
  WebhookEndpointList,
} from './webhook-endpoints.schemas.js';

const tags = ['Webhook endpoints'];
const access = apiKey('organization');

/** The organization's outbound webhook endpoints (decision 0139): org-wide keys, owners and admins. */
export const webhookEndpointsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.webhookEndpoints;

  app.get('/api/v1/webhook-endpoints/events', {
    config: { access },
    schema: {
      operationId: 'webhookEndpoints.events',
      tags,
      summary: 'The catalog of organization events an endpoint can subscribe to',
      response: { 200: EventCatalog, ...standardErrors },
    },
    handler: async () => service.catalog(),
  });

  app.get('/api/v1/webhook-endpoints', {
    config: { access },
    schema: {
      operationId: 'webhookEndpoints.list',
      tags,
      summary: "List the organization's webhook endpoints",
      response: { 200: WebhookEndpointList, ...standardErrors },
    },
    handler: async (req) => service.list(actorOf(req)),
  });

  app.post('/api/v1/webhook-endpoints', {
    config: { access },
    schema: {
      operationId: 'webhookEndpoints.create',
      tags,
      summary: 'Add a webhook endpoint that receives signed organization events (at most 10 per organization)',
      description:
        'Each event is POSTed as {id, type, createdAt, organizationId, data} with X-Service-Event: <type>, signed like every outbound webhook (X-Service-Signature, see /webhook-signing-secret). ' +
        'Events to one endpoint arrive in the order they happened. Unknown event types are refused with UNKNOWN_EVENT_TYPE.',
      body: CreateWebhookEndpointBody,
      response: { 201: WebhookEndpointEnvelope, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(201).send({ webhookEndpoint: await service.create(actorOf(req), req.body) }),
  });

  app.get('/api/v1/webhook-endpoints/:id', {
    config: { access },
    schema: {
      operationId: 'webhookEndpoints.get',
      tags,
      summary: 'Get a webhook endpoint',
      params: IdParams,
      response: { 200: WebhookEndpointEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ webhookEndpoint: await service.get(actorOf(req), req.params.id) }),
  });

  app.patch('/api/v1/webhook-endpoints/:id', {
    config: { access },
    schema: {
      operationId: 'webhookEndpoints.update',
      tags,
      summary: "Change a webhook endpoint's URL, events, description, or enable or disable it",
      params: IdParams,
      body: UpdateWebhookEndpointBody,
      response: { 200: WebhookEndpointEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ webhookEndpoint: await service.update(actorOf(req), req.params.id, req.body) }),
  });

  app.delete('/api/v1/webhook-endpoints/:id', {
    config: { access },
    schema: {
      operationId: 'webhookEndpoints.delete',
      tags,
      summary: 'Delete a webhook endpoint (its deliveries not yet sent are canceled)',
      params: IdParams,
      response: { 200: Deleted, ...standardErrors },
    },
    handler: async (req) => service.delete(actorOf(req), req.params.id),
  });

  app.post('/api/v1/webhook-endpoints/:id/test', {
    config: { access },
    schema: {
      operationId: 'webhookEndpoints.test',
      tags,
      summary: 'Send a webhook.test event to this endpoint only',
      params: IdParams,
      response: { 202: EndpointDeliveryEnvelope, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(202).send(await service.sendTest(actorOf(req), req.params.id)),
  });

  app.get('/api/v1/webhook-endpoints/:id/deliveries', {
    config: { access },
    schema: {
      operationId: 'webhookEndpoints.deliveries',
      tags,
      summary: "An endpoint's deliveries, newest first, with every attempt",
      params: IdParams,
      querystring: DeliveriesQuery,
      response: { 200: EndpointDeliveryList, ...standardErrors },
    },
    handler: async (req) => service.deliveries(actorOf(req), req.params.id, req.query),
  });

  app.post('/api/v1/webhook-endpoints/:id/deliveries/:deliveryId/redeliver', {
    config: { access },
    schema: {
      operationId: 'webhookEndpoints.redeliver',
      tags,
      summary: 'Replay a delivery (same event id and body) with a fresh round of attempts',
      params: DeliveryParams,
      response: { 200: EndpointDeliveryEnvelope, ...standardErrors },
    },
    handler: async (req) => service.redeliver(actorOf(req), req.params.id, req.params.deliveryId),
  });
};
