// The read of a dashboard endpoint that takes no input (a settings panel's, a list's without
// filters), as the query options every screen showing it shares.
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '#/api/call';
import type { EndpointDef } from '#/api/endpoints';
import { api } from './api';

type Plain = EndpointDef & { params?: undefined; query?: undefined; body?: undefined };

/** What `endpoint` answers, cached under `queryKey`. */
export const endpointQuery = <K extends QueryKey, E extends Plain>(queryKey: K, endpoint: E) =>
  queryOptions({
    queryKey,
    // No input: the call's arguments are the same for every such endpoint.
    queryFn: () => callEndpoint<Plain>(api, endpoint) as Promise<z.output<E['response']>>,
  });
