import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A dashboard card: an icon, a title, a main figure and an optional line under it. */
export function FigureCard(props: {
  icon: ReactNode;
  title: string;
  value: ReactNode;
  detail?: ReactNode;
  to?: string;
}) {
  const content = (
    <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
      <Box sx={{ color: 'primary.main', display: 'flex', '& svg': { fontSize: 40 } }}>
        {props.icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="textSecondary">
          {props.title}
        </Typography>
        <Typography variant="h4" component="p">
          {props.value}
        </Typography>
        {props.detail && (
          <Typography variant="body2" color="textSecondary">
            {props.detail}
          </Typography>
        )}
      </Box>
    </CardContent>
  );
  return (
    <Card sx={{ height: '100%' }}>
      {props.to ? (
        <CardActionArea component={Link} to={props.to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}
