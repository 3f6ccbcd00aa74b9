import type { CreateDemoRequestInput, CreateDemoRequestResponse } from '@plotbook/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface DemoRequestSubmission {
  input: CreateDemoRequestInput;
  logo: File | null;
}

/** The public form goes as multipart/form-data (the logo is a file); new requests are sent as PENDING. */
export function createDemoRequest({ input, logo }: DemoRequestSubmission): Promise<CreateDemoRequestResponse> {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) form.append(key, String(value));
  form.append('status', 'PENDING');
  if (logo) form.append('companyLogo', logo, logo.name);
  return api.postForm<CreateDemoRequestResponse>('/demo-requests', form);
}

export function useCreateDemoRequest() {
  return useMutation({ mutationFn: createDemoRequest });
}
