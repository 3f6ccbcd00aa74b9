import type { DemoRequest, DemoRequestStatus } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { demoRequestKeys } from '@/lib/query-keys';

export function updateDemoRequestStatus(id: number, status: DemoRequestStatus): Promise<DemoRequest> {
  return api.put<DemoRequest>(`/admin/demo-request/${id}/status`, { status });
}

export function useUpdateDemoRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: DemoRequestStatus }) => updateDemoRequestStatus(id, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: demoRequestKeys.all }),
  });
}
