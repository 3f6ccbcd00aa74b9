import type { ProjectWithPlotsDto } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import {
  blankPlot,
  checkProject,
  emptyProject,
  fromProject,
  type ProjectFormValues,
  plotRowsToCheck,
  REQUIRED_MESSAGE,
  toDraft,
  validateProjectFields,
} from './project-form-values';

const project = (patch: Partial<ProjectFormValues> = {}): ProjectFormValues => ({
  ...emptyProject(),
  projectName: 'Green Acres',
  city: 'Pune',
  totalArea: 1000,
  totalRate: 50,
  plots: [{ ...blankPlot(), plotName: 'P1', totalPlotSize: 400 }],
  ...patch,
});

describe('checkProject', () => {
  it('marks every empty required field and says "Please fill all required fields."', () => {
    const check = checkProject(emptyProject());
    expect(check).toEqual({
      isValid: false,
      message: REQUIRED_MESSAGE,
      errors: {
        projectName: REQUIRED_MESSAGE,
        city: REQUIRED_MESSAGE,
        totalArea: REQUIRED_MESSAGE,
        totalRate: REQUIRED_MESSAGE,
        'plots.0.plotName': REQUIRED_MESSAGE,
        'plots.0.totalPlotSize': REQUIRED_MESSAGE,
      },
    });
  });

  it('refuses plot sizes above the total area without blaming a field', () => {
    const check = checkProject(project({ plots: [{ ...blankPlot(), plotName: 'P1', totalPlotSize: 1200 }] }));
    expect(check).toEqual({ isValid: false, message: 'Sum of plot sizes cannot exceed Total Area.', errors: null });
  });

  it('refuses plot sizes above the saleable area when that option is on', () => {
    const check = checkProject(project({ isSaleable: true, roadArea: 300, mandirArea: 200, amenitiesArea: 150 }));
    expect(check).toEqual({ isValid: false, message: 'Sum of plot sizes cannot exceed Saleable Area.', errors: null });
  });

  it('answers the API payload of a valid project', () => {
    expect(checkProject(project())).toEqual({
      isValid: true,
      input: {
        projectName: 'Green Acres',
        city: 'Pune',
        totalArea: 1000,
        totalRate: 50,
        saleableOption: 'no',
        roadArea: undefined,
        mandirArea: undefined,
        amenitiesArea: undefined,
        plots: [
          {
            plotId: undefined,
            plotName: 'P1',
            totalPlotSize: 400,
            plotNumber: '',
            listRate: null,
            listPrice: null,
            facing: null,
            corner: false,
            sector: '',
          },
        ],
      },
    });
  });

  it("sends a plot's list rate, list price, facing, corner and sector as typed", () => {
    const plot = { ...blankPlot(), plotName: 'P1', totalPlotSize: 400, listRate: 1500.5, listPrice: 600000 };
    const check = checkProject(project({ plots: [{ ...plot, facing: 'NE', corner: true, sector: 'Phase 2' }] }));
    expect(check.isValid && check.input.plots[0]).toMatchObject({
      listRate: 1500.5,
      listPrice: 600000,
      facing: 'NE',
      corner: true,
      sector: 'Phase 2',
    });
  });

  it("names a plot's refused list rate or price at its row", () => {
    const plot = { ...blankPlot(), plotName: 'P1', totalPlotSize: 400, listRate: -5, listPrice: 10.555 };
    expect(validateProjectFields(project({ plots: [plot] }))).toEqual({
      'plots.0.listRate': 'List rate cannot be negative',
      'plots.0.listPrice': 'List price may have at most 2 decimals',
    });
  });
});

describe('the project form fields', () => {
  it("names a field's own message from the shared schema", () => {
    expect(validateProjectFields(project({ projectName: 'x'.repeat(101) }))).toEqual({
      projectName: 'Project name may have at most 100 characters',
    });
  });

  it('sends the areas under the saleable option only when it is on', () => {
    const values = project({ roadArea: 10, mandirArea: 20, amenitiesArea: 30 });
    expect(toDraft(values)).toMatchObject({ saleableOption: 'no', roadArea: undefined });
    expect(toDraft({ ...values, isSaleable: true })).toMatchObject({
      saleableOption: 'yes',
      roadArea: 10,
      amenitiesArea: 30,
    });
  });
});

describe('plotRowsToCheck', () => {
  it('names the plot rows to fix as the screen numbers them, not the project fields', () => {
    expect(plotRowsToCheck({ projectName: REQUIRED_MESSAGE, 'plots.299.plotName': REQUIRED_MESSAGE })).toBe(
      'Check plot row 300.',
    );
    expect(
      plotRowsToCheck({
        'plots.16.totalPlotSize': 'x',
        'plots.2.plotName': REQUIRED_MESSAGE,
        'plots.2.totalPlotSize': REQUIRED_MESSAGE,
      }),
    ).toBe('Check plot rows 3 and 17.');
    expect(plotRowsToCheck({ city: REQUIRED_MESSAGE })).toBeNull();
    expect(plotRowsToCheck(null)).toBeNull();
  });

  it('lists the first five rows and counts the rest', () => {
    const errors = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((i) => [`plots.${i}.plotName`, REQUIRED_MESSAGE]));
    expect(plotRowsToCheck(errors)).toBe('Check plot rows 1, 2, 3, 4, 5 and 2 more.');
  });

  it('names the rows of an empty plot in a real check', () => {
    const values = project({
      plots: [
        { ...blankPlot(), plotName: 'P1', totalPlotSize: 400 },
        { ...blankPlot(), plotName: '', totalPlotSize: 12.5 },
      ],
    });
    const check = checkProject(values);
    expect(check.isValid).toBe(false);
    expect(check.isValid ? null : plotRowsToCheck(check.errors)).toBe('Check plot row 2.');
  });
});

describe('editing a priced plot', () => {
  it('loads its list rate, price, facing, corner and sector and sends them back unchanged', () => {
    const saved = {
      projectId: 4,
      projectName: 'Green Acres',
      city: 'Pune',
      totalArea: 1000,
      totalRate: 50,
      totalAmount: 50000,
      saleableOption: 'no',
      roadArea: 0,
      mandirArea: 0,
      amenitiesArea: 0,
      saleableArea: 1000,
      status: 'Active',
      plotCount: 1,
      createdDate: '2026-01-01T00:00:00.000Z',
      archivedAt: null,
      archiveReason: null,
      plots: [
        {
          plotId: 9,
          projectId: 4,
          plotName: 'P1',
          totalPlotSize: 400,
          plotNumber: null,
          listRate: 1500.55,
          listPrice: null,
          facing: 'SW',
          corner: true,
          sector: 'Phase 2',
          saleAmount: null,
          plotSaleDate: null,
          isSold: false,
          isRegistered: false,
          isFullyPaid: false,
          plotCreatedDate: '2026-01-01T00:00:00.000Z',
          fullypaidYn: 'N',
          registeredYn: 'N',
          archivedAt: null,
          archiveReason: null,
        },
      ],
    } satisfies ProjectWithPlotsDto;
    const values = fromProject(saved);
    expect(values.plots[0]).toMatchObject({ listRate: 1500.55, listPrice: '', facing: 'SW', corner: true });
    expect(toDraft(values).plots[0]).toEqual({
      plotId: 9,
      plotName: 'P1',
      totalPlotSize: 400,
      plotNumber: '',
      listRate: 1500.55,
      listPrice: null,
      facing: 'SW',
      corner: true,
      sector: 'Phase 2',
    });
  });
});
