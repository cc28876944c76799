// Traces with OpenTelemetry where the operator asks for them (docs/decisions/082): with
// OTEL_EXPORTER_OTLP_ENDPOINT set, the OpenTelemetry Node SDK starts before the server and
// exports by the standard OTEL_* variables. One trace follows a request into the server: a
// server span per request (named by its route pattern), a client span per database statement
// (its SQL, never its values) and per call of the partner's API (by operation, with the W3C
// `traceparent` sent along), and the trace id in the request's log lines. Without the variable,
// nothing is loaded and no hook is added: nothing to pay per request.
import {
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeLabel } from './plugins/probes';
import type { DashboardDb } from './store/db';
import type { Upstream } from './upstream';

const NAME = 'partner-payments-dashboard';
const tracer = () => trace.getTracer(NAME);

/** Whether traces are exported (the operator set OTEL_EXPORTER_OTLP_ENDPOINT). */
export const tracingAsked = (env: NodeJS.ProcessEnv = process.env) =>
  Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);

/** Starts the SDK (exporter, batching, resource from OTEL_* variables); its shutdown flushes. */
export async function startTracing(): Promise<{ shutdown(): Promise<void> } | undefined> {
  if (!tracingAsked()) return undefined;
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? NAME,
    // No monkey-patching of modules: the spans are made here, where the work is.
    instrumentations: [],
  });
  sdk.start();
  return sdk;
}

/** The trace and span ids of the active span, for a log line. */
export function traceIds(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Spans for the server's requests and its statements. Call before any route is registered. */
export function traceServer(app: FastifyInstance, db: DashboardDb) {
  traceRequests(app);
  traceQueries(db);
}

const SPANS = new WeakMap<FastifyRequest, Span>();

/**
 * A server span for every request, active through its hooks and its handler (handlers are
 * wrapped as routes are added: a body read from the socket would otherwise lose the context).
 * Call before any route is registered.
 */
function traceRequests(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function traced(this: unknown, request, reply) {
      const span = SPANS.get(request);
      if (!span) return handler.call(this as never, request, reply);
      return context.with(trace.setSpan(context.active(), span), () =>
        handler.call(this as never, request, reply),
      );
    };
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(context.active(), request.headers);
    const route = request.routeOptions.url ?? 'unmatched';
    const span = tracer().startSpan(
      `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'http.route': route,
          'url.path': request.url.replace(/\?.*$/, ''),
          'request.id': String(request.id),
        },
      },
      parent,
    );
    SPANS.set(request, span);
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = SPANS.get(request);
    if (span) {
      // Named by its route now that it is known (a relayed call: its operation's path).
      const route = routeLabel(request);
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      SPANS.delete(request);
    }
    done();
  });
}

/** A client span per database statement, inside whatever span is active when it runs. */
function traceQueries(db: DashboardDb) {
  db.onQuery((ms, sql) => {
    const end = Date.now();
    const operation = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'QUERY';
    tracer()
      .startSpan(operation, {
        kind: SpanKind.CLIENT,
        startTime: end - ms,
        attributes: {
          'db.system.name': db.dialect === 'postgres' ? 'postgresql' : 'sqlite',
          'db.operation.name': operation,
          'db.query.text': sql.slice(0, 2000),
        },
      })
      .end(end);
  });
}

/** The environment's upstream, each call a client span that sends `traceparent` along. */
export function tracedUpstream(
  environment: string,
  upstream: Upstream,
  operationOf: (method: string, path: string) => string,
): Upstream {
  return {
    ...upstream,
    baseUrl: () => upstream.baseUrl(),
    send(request) {
      const operation = request.operation ?? operationOf(request.method, request.path);
      return tracer().startActiveSpan(
        operation,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            'partner.environment': environment,
            'partner.operation': operation,
            'http.request.method': request.method,
          },
        },
        async (span) => {
          const headers = { ...request.headers };
          propagation.inject(context.active(), headers);
          try {
            const response = await upstream.send({ ...request, headers });
            span.setAttribute('http.response.status_code', response.status);
            if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
            return response;
          } catch (error) {
            span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
            throw error;
          } finally {
            span.end();
          }
        },
      );
    },
  };
}
