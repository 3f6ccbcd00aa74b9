import { type Facing, type Paise, paise } from '@plotbook/domain';

/**
 * The demo's price list (issue 21): each project's list rate per sq ft, its sectors, plots facing east and west
 * across the layout's roads (north at each row's end), the corner plots at the ends of each row of six with a list
 * price of their own (10 % over rate × size, rounded to ₹ 1,000), and the newest project's last two plots unpriced.
 */
const PRICING = [
  { ratePaise: paise(800_00), sectors: ['Sector A', 'Sector B'] },
  { ratePaise: paise(650_00), sectors: [] },
  { ratePaise: paise(900_00), sectors: ['East Block', 'West Block'] },
];

export function demoPlotPrice(projectIndex: number, plotIndex: number, plotCount: number, size: number) {
  const pricing = PRICING[projectIndex] ?? PRICING[0];
  const inRow = plotIndex % 6;
  const corner = inRow === 0 || inRow === 5;
  const facing: Facing = inRow === 5 ? 'N' : plotIndex % 2 === 0 ? 'E' : 'W';
  const sectors = pricing?.sectors ?? [];
  const sector = sectors.length === 0 ? null : (sectors[Math.floor((plotIndex * sectors.length) / plotCount)] ?? null);
  const isUnpriced = projectIndex === 2 && plotIndex >= plotCount - 2;
  const ratePaise = pricing?.ratePaise ?? paise(800_00);
  const cornerPrice = paise(Math.round((ratePaise * size * 1.1) / 1000_00) * 1000_00);
  return {
    listRatePaise: isUnpriced ? null : ratePaise,
    listPricePaise: isUnpriced || !corner ? null : cornerPrice,
    facing,
    corner,
    sector,
  } satisfies {
    listRatePaise: Paise | null;
    listPricePaise: Paise | null;
    facing: Facing;
    corner: boolean;
    sector: string | null;
  };
}
