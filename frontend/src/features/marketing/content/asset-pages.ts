import { paths } from '../../../config/paths.js';

export type AssetMotif = 'buildings' | 'sunrise' | 'bars' | 'network' | 'tiles' | 'candles' | 'waves';

export type AssetPage = {
  path: string;
  title: string;
  headline: string;
  paragraphs: readonly string[];
  motif: AssetMotif;
  hue: string;
};

export const assetPages: readonly AssetPage[] = [
  {
    path: paths.services.realEstate.path,
    title: 'Real Estate',
    headline: 'Own a share of property without buying a building',
    paragraphs: [
      'Real estate plans pool members’ capital into residential and commercial property. Rental income and changes in property values drive the result of a plan.',
      'Property can be slow to sell, and its value can fall as well as rise. Invest money you can leave in place for the length of the plan.',
    ],
    motif: 'buildings',
    hue: '#8fb3d9',
  },
  {
    path: paths.services.retirement.path,
    title: 'Retirement',
    headline: 'Plan today for the years after work',
    paragraphs: [
      'Retirement saving works best over long periods. Spreading your savings across several assets lowers the weight of any single one.',
      'Review your plans as your circumstances change, and keep an emergency fund outside your investments.',
    ],
    motif: 'sunrise',
    hue: '#f0b454',
  },
  {
    path: paths.services.gold.path,
    title: 'Gold',
    headline: 'Gold, the oldest store of value',
    paragraphs: [
      'Many investors hold gold to balance shares and currencies, because its price often moves differently from theirs.',
      'Gold pays no interest or dividends, and its price can swing sharply in both directions.',
    ],
    motif: 'bars',
    hue: '#d4af5a',
  },
  {
    path: paths.services.crypto.path,
    title: 'Cryptocurrency',
    headline: 'Invest in digital assets such as Bitcoin and Ethereum',
    paragraphs: [
      'Cryptocurrencies are digital assets recorded on public blockchains. Our crypto plans let you take part without managing wallets and keys for every trade.',
      'Crypto prices are highly volatile and you may lose all the money you invest. Only invest what you can afford to lose.',
    ],
    motif: 'network',
    hue: '#7fd1c7',
  },
  {
    path: paths.services.nfts.path,
    title: 'NFTs',
    headline: 'Collect and invest in non-fungible tokens',
    paragraphs: [
      'A non-fungible token is a unique digital item recorded on a blockchain, from artworks to collectibles.',
      'The NFT market is young and thinly traded: prices depend on demand that can disappear quickly.',
    ],
    motif: 'tiles',
    hue: '#c59be6',
  },
  {
    path: paths.services.stocks.path,
    title: 'Stocks & ETFs',
    headline: 'Shares in companies and funds that track whole markets',
    paragraphs: [
      'A share is a small part of a company; an exchange-traded fund holds many shares at once and trades like a single one.',
      'Share prices go up and down with companies’ results and the wider economy. A broad spread of holdings reduces, but does not remove, that risk.',
    ],
    motif: 'candles',
    hue: '#5cc99a',
  },
  {
    path: paths.services.forex.path,
    title: 'Foreign Exchange',
    headline: 'Trade the world’s currencies',
    paragraphs: [
      'The foreign exchange market, open around the clock on weekdays, sets the price of one currency in another.',
      'Currency rates react quickly to news and interest rates. Leverage multiplies gains and losses alike.',
    ],
    motif: 'waves',
    hue: '#8fb3d9',
  },
];

export function findAssetPage(path: string): AssetPage | undefined {
  return assetPages.find((page) => page.path === path);
}
