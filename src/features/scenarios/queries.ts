// Scenarios in the sandbox (docs/decisions/024): presets, export, load and reset. A load or a
// reset changes records everywhere, so every query is refreshed after one.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { exportScenario, listScenarios, loadScenario, resetSandbox } from '#/api/client';
import type { ScenarioLoad } from '#/api/schemas/scenario';
import { api } from '#/lib/api';

export const scenarioPresetsQuery = queryOptions({
  queryKey: ['sandbox', 'scenarios'],
  queryFn: () => listScenarios(api),
  staleTime: Infinity,
});

export function useLoadScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScenarioLoad) => loadScenario(api, body),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useResetSandbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetSandbox(api),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** The partner's records as a scenario file, saved by the browser. */
export function useExportScenario() {
  return useMutation({
    mutationFn: async () => {
      const scenario = await exportScenario(api);
      const blob = new Blob([`${JSON.stringify(scenario, null, 2)}\n`], {
        type: 'application/json',
      });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `sandbox-scenario-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
      return scenario;
    },
  });
}
