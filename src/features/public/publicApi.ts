// The API calls of the public pages (/api/public/*: no login, never a 401).
import { camelCaseKeys, snakeCaseKeys } from '../../providers/case';
import type { CredentialState } from '../../../domain/credentials';
import type { CustomFieldType } from '../../../domain/customFields';
import { API_URL, httpClient } from '../../providers/httpClient';

export interface PublicCustomField {
  key: string;
  label: string;
  fieldType: CustomFieldType;
  options: string[];
  required: boolean;
}

export interface PublicCredential {
  name: string;
  photo: string | null;
  position: string | null;
  expiresOn: string;
  status: CredentialState;
}

async function get<T>(path: string): Promise<T> {
  const { json } = await httpClient(`${API_URL}/public/${path}`);
  return camelCaseKeys<T>(json);
}

export const publicApi = {
  customFields: () => get<PublicCustomField[]>('custom_fields'),
  credential: (code: string) => get<PublicCredential>(`credentials/${encodeURIComponent(code)}`),
  async register(values: Record<string, unknown>): Promise<{ message: string }> {
    const { json } = await httpClient(`${API_URL}/public/registrations`, {
      method: 'POST',
      body: JSON.stringify(snakeCaseKeys(values)),
    });
    return json as { message: string };
  },
};
