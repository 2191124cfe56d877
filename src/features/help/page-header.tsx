import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A page's title with an optional way back and actions on the right (wraps under on a phone). */
export function PageHeader(p: {
  title: string;
  back?: { to: string; label: string };
  intro?: string;
  actions?: ReactNode;
}) {
  return (
    <Box sx={{ mb: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {p.back && (
          <IconButton component={Link} to={p.back.to} aria-label={p.back.label} edge="start" size="small">
            <ArrowBackIcon />
          </IconButton>
        )}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>
          {p.title}
        </Typography>
        {p.actions}
      </Box>
      {p.intro && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {p.intro}
        </Typography>
      )}
    </Box>
  );
}
