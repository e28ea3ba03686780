import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf, callerOf } from '../../platform/http/auth.js';
import { IdParams, standardErrors } from '../../platform/http/schemas.js';
import {
  DisableTriggerBody,
  DisableTriggerResponse,
  EnableTriggerBody,
  EnableTriggerResponse,
  EventEnvelope,
  EventList,
  EventParams,
  ListEventsQuery,
  ListTriggersQuery,
  ListTriggersResponse,
  RedeliverRangeBody,
  RedeliverRangeResponse,
  TestEventBody,
  TriggerSourceEnvelope,
  TestTriggerBody,
  TestTriggerResponse,
} from './triggers.schemas.js';
import { apiKey } from '../../platform/http/route-access.js';

const tags = ['Triggers'];
const err = { $ref: 'ErrorBody' };
/** A POST without a body reads as {}, so the endpoint's own MISSING_ID / MISSING_FIELDS answers it. */
const emptyBodyIsObject = async (req: { body: unknown }) => {
  if (req.body === undefined || req.body === null) req.body = {};
};

export const triggersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.triggers;

  app.post('/api/v1/triggers/enable', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'triggers.enable',
      tags,
      summary:
        'Subscribe to a trigger: its events are POSTed to callbackUrl (also accepts the earlier pieceName/projectId/webhookUrl shape)',
      description:
        'Connection and input are resolved as for actions (defaults → partials → input → enforced keys). Webhook triggers answer with webhookUrl, ' +
        'the address the provider sends to; polling triggers poll every pollingIntervalMinutes (the plan minimum applies: 403 POLLING_INTERVAL_TOO_SHORT). ' +
        'Callbacks: body {triggerSourceId, integrationName, triggerName, data, metadata, timestamp, eventId}; at least once, in order per source, retried with backoff.',
      body: EnableTriggerBody,
      response: { 201: EnableTriggerResponse, ...standardErrors },
    },
    preValidation: emptyBodyIsObject,
    handler: async (req, reply) => reply.code(201).send(await service.enable(callerOf(req), req.body)),
  });

  app.post('/api/v1/triggers/disable', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'triggers.disable',
      tags,
      summary: 'Disable a trigger source: nothing is delivered after this answers (earlier shape: triggerId → {success: true})',
      body: DisableTriggerBody,
      response: { 200: DisableTriggerResponse, ...standardErrors },
    },
    preValidation: emptyBodyIsObject,
    handler: async (req) => service.disable(actorOf(req), req.body),
  });

  app.post('/api/v1/triggers/test', {
    config: { access: apiKey('any') },
    schema: {
      operationId: 'triggers.test',
      tags,
      summary: "A trigger's sample event data",
      body: TestTriggerBody,
      response: { 200: TestTriggerResponse, ...standardErrors },
    },
    preValidation: emptyBodyIsObject,
    handler: async (req) => service.test(callerOf(req).orgId, req.body),
  });

  app.get('/api/v1/triggers', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'triggers.list',
      tags,
      summary: 'List trigger sources with lastDelivery (projectId or pieceName: the earlier {data: [...]} shape)',
      querystring: ListTriggersQuery,
      response: { 200: ListTriggersResponse, ...standardErrors },
    },
    handler: async (req) => service.list(actorOf(req), req.query),
  });

  app.get('/api/v1/triggers/:id/events', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'triggers.listEvents',
      tags,
      summary: "A trigger source's events, newest first, with their delivery status and attempts",
      params: IdParams,
      querystring: ListEventsQuery,
      response: { 200: EventList, ...standardErrors },
    },
    handler: async (req) => service.ops.events(actorOf(req), req.params.id, req.query),
  });

  app.post('/api/v1/triggers/:id/events/:eventId/redeliver', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'triggers.redeliverEvent',
      tags,
      summary: 'Replay an event (same eventId and body) with a fresh round of attempts',
      params: EventParams,
      response: { 200: EventEnvelope, 410: err, ...standardErrors },
    },
    handler: async (req) => service.ops.redeliver(actorOf(req), req.params.id, req.params.eventId),
  });

  app.get('/api/v1/triggers/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'triggers.get',
      tags,
      summary: 'A trigger source (also a disabled one) with lastDelivery',
      params: IdParams,
      response: { 200: TriggerSourceEnvelope, ...standardErrors },
    },
    handler: async (req) => service.ops.get(actorOf(req), req.params.id),
  });

  app.post('/api/v1/triggers/:id/enable', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'triggers.reEnable',
      tags,
      summary:
        'Enable a disabled trigger source again: registered with the provider again, polled again; an active one answers as it is',
      params: IdParams,
      response: { 200: TriggerSourceEnvelope, ...standardErrors },
    },
    handler: async (req) => service.ops.reEnable(actorOf(req), req.params.id),
  });

  app.post('/api/v1/triggers/:id/events/redeliver', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'triggers.redeliverRange',
      tags,
      summary:
        'Replay the events created from `from` to `to` (optionally only those with a delivery status, e.g. dead), in order; at most 1000 (400 TOO_MANY_EVENTS)',
      params: IdParams,
      body: RedeliverRangeBody,
      response: { 200: RedeliverRangeResponse, 410: err, ...standardErrors },
    },
    handler: async (req) => service.ops.redeliverRange(actorOf(req), req.params.id, req.body),
  });

  app.post('/api/v1/triggers/:id/test-event', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'triggers.sendTestEvent',
      tags,
      summary: "Send a test event (data, default the trigger's sample data) to the source's callback; recorded with origin test",
      params: IdParams,
      body: TestEventBody,
      response: { 201: EventEnvelope, 410: err, ...standardErrors },
    },
    preValidation: emptyBodyIsObject,
    handler: async (req, reply) => reply.code(201).send(await service.ops.testEvent(actorOf(req), req.params.id, req.body)),
  });
};
