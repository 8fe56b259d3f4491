// /configuracoes/api (admins, as /api/openapi.json): the API's reference for integrators, the
// OpenAPI document the server writes from its own route schemas, read in Swagger UI. "Try it out"
// calls go with the admin's session, as every call of the app does.
import { Box, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { SwaggerUIBundle } from 'swagger-ui-dist';
import 'swagger-ui-dist/swagger-ui.css';
import { API_URL, httpClient } from '../../../providers/httpClient';
import { saveSessionFromHeaders, sessionHeaders } from '../../../providers/session';

export default function ApiReferencePage() {
  const translate = useTranslate();
  const node = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let active = true;
    // As the server wrote it (the data provider's camelCase would rename its fields).
    httpClient(`${API_URL}/openapi.json`)
      .then(({ json: spec }) => {
        if (!active || !node.current) return;
        SwaggerUIBundle({
          spec,
          domNode: node.current,
          deepLinking: false,
          requestInterceptor: (request: { headers: Record<string, string> }) => {
            Object.assign(request.headers, sessionHeaders());
            return request;
          },
          // The token turns on every answer: keep the new one, as the app's own calls do.
          responseInterceptor: (response: { headers: Record<string, string> }) => {
            saveSessionFromHeaders(new Headers(response.headers));
            return response;
          },
        });
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, []);
  return (
    <Box sx={{ bgcolor: 'background.paper', borderRadius: 1, p: { xs: 1, sm: 2 }, my: 2 }}>
      <Title title={translate('adam.api_reference.title')} />
      <Typography variant="h5" component="h1">
        {translate('adam.api_reference.title')}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1 }}>
        {translate('adam.api_reference.help')}
      </Typography>
      {failed && <Typography color="error">{translate('adam.api_reference.failed')}</Typography>}
      <Box ref={node} sx={{ overflowX: 'auto' }} />
    </Box>
  );
}
