import type { DashboardCard } from '@app/contract/dashboard';
import { formatCount } from '@app/contract/format';
import { Box, Card, CardActionArea, CardContent, LinearProgress, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { formatKpi, kpiLink } from './format-kpi';

/** The cards of one area under its heading; each card opens its page with the filter applied. */
export function KpiCards({ group, cards }: { group: string; cards: DashboardCard[] }) {
  return (
    <Box component="section" aria-label={group} sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {group}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
        {cards.map((card) => (
          <Card key={card.key} variant="outlined" data-testid={`kpi-${card.key}`}>
            <CardActionArea component={Link} to={kpiLink(card)} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {card.label}
                </Typography>
                <Typography variant="h4" component="p">
                  {formatKpi(card)}
                </Typography>
                {card.target !== undefined && (
                  <>
                    <Typography variant="body2" color="text.secondary">
                      of {formatCount(card.target)} target
                    </Typography>
                    <LinearProgress
                      variant="determinate"
                      aria-label={`${card.label}: progress against the target`}
                      value={card.target > 0 ? Math.min(100, (card.value / card.target) * 100) : 0}
                      sx={{ mt: 1 }}
                    />
                  </>
                )}
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
