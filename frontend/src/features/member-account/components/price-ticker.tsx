import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MarketPrices } from '@ledgerstone/contracts';

import { formatDateTime } from '../../../lib/date-time.js';
import { formatChange, formatPrice, isFalling } from '../format.js';

type PriceTickerProps = { prices: MarketPrices | undefined; isError: boolean };

/** The strip of quotes above the dashboard; it scrolls sideways on narrow screens. */
export function PriceTicker({ prices, isError }: PriceTickerProps) {
  return (
    <Box
      component="section"
      aria-label="Price ticker"
      // Scrolls sideways on narrow screens: focusable so a keyboard can scroll it.
      tabIndex={0}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 3,
        overflowX: 'auto',
        px: 2,
        py: 1.25,
        mb: 3,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
        whiteSpace: 'nowrap',
        fontSize: 14,
      }}
    >
      {isError && <Typography variant="body2">Prices are unavailable right now.</Typography>}
      {!prices && !isError && <Typography variant="body2">Loading prices...</Typography>}
      {prices?.data.map((quote) => (
        <Box key={quote.symbol} component="span" sx={{ display: 'inline-flex', gap: 0.75 }}>
          <Box component="span" sx={{ fontWeight: 700 }}>
            {quote.symbol}
          </Box>
          <span>{formatPrice(quote.price)}</span>
          <Box component="span" sx={{ color: isFalling(quote.change24h) ? 'error.light' : 'success.main' }}>
            {formatChange(quote.change24h)}
          </Box>
        </Box>
      ))}
      {prices && (
        <Typography variant="caption" sx={{ color: 'text.secondary', ml: 'auto', pl: 2 }}>
          {prices.source === 'sample' ? 'Sample prices' : `Source: ${prices.source}`}, as of{' '}
          {formatDateTime(prices.asOf)}
        </Typography>
      )}
    </Box>
  );
}
