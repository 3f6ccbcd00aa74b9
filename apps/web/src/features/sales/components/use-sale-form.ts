import { useForm } from '@mantine/form';
import {
  createSaleSchema,
  EMI_DATE_MESSAGE,
  formatMobile,
  formatRupees,
  isEmiDateAllowed,
  plotLabel,
  SALE_FAILED_MESSAGE,
  todayIso,
} from '@plotbook/domain';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type FormStatusMessage, failureMessage } from '@/components/form-status';
import { useIdempotencyKey } from '@/components/row-table/use-idempotency-key';
import { ApiError } from '@/lib/api-client';
import { zodResolver } from '@/lib/form';
import { useCreateSale } from '../api/create-sale';
import { usePlotSaleAmount } from '../api/get-plot-sale-amount';
import { useSaleBuyer } from '../api/get-sale-buyer';
import {
  emiFigures,
  emiProblem,
  emptySale,
  liveSaleErrors,
  presetSale,
  type SaleFormValues,
  salePresetOf,
  toSaleInput,
} from './sale-form-values';

const schemaErrors = zodResolver<SaleFormValues>(createSaleSchema, toSaleInput);

/** What the screen asks beyond the API's schema: a project, a plot and the buyer's name. */
function validateSale(values: SaleFormValues): Record<string, string> {
  const errors = buyerErrorsAtFields(schemaErrors(values));
  if (values.projectId === null) errors.projectId = 'Please select a project.';
  if (values.plotId === null) errors.plotId = 'Please select a plot.';
  if (!values.buyerName.trim()) errors.buyerName = "Enter the buyer's name";
  return errors;
}

/** A new buyer's name and mobile are the form's Buyer Name and Buyer Mobile (the API names them `buyer.name`…). */
function buyerErrorsAtFields(errors: Record<string, string>): Record<string, string> {
  const at: Record<string, string> = {
    'buyer.name': 'buyerName',
    'buyer.mobile': 'buyerMobile',
    mobile: 'buyerMobile',
  };
  return Object.fromEntries(Object.entries(errors).map(([key, message]) => [at[key] ?? key, message]));
}

const FIELD_ORDER = [
  'projectId',
  'plotId',
  'buyerName',
  'buyerMobile',
  'saleDate',
  'saleAmount',
  'paymentType',
  'advanceAmount',
  'visarpawatiAmount',
  'emiDuration',
  'emiDate',
  'agreementDate',
];

/**
 * The sale form's state and rules (SaleForm draws it): the values, their errors (a Save's, and the EMI figures'
 * as typed), the plot's recorded amount as a prefill, the EMI date rule, and Save.
 */
export function useSaleForm() {
  // A link from the board chooses the project, plot and buyer (`?projectId=&plotId=&buyerId=`), read once.
  const [search] = useSearchParams();
  const [preset] = useState(() => salePresetOf(search));
  const form = useForm<SaleFormValues>({ initialValues: presetSale(preset), clearInputErrorOnChange: true });
  const { values } = form;
  const presetBuyer = useSaleBuyer(preset.buyerId);
  // A Save's errors, and what is wrong with the EMI figures as they are typed (shown at once).
  const errors: Record<string, ReactNode> = { ...liveSaleErrors(values), ...form.errors };
  const formRef = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<FormStatusMessage | null>(null);
  const [idempotencyKey, renewKey] = useIdempotencyKey();
  const mutation = useCreateSale();
  const prefill = usePlotSaleAmount(values.plotId);
  const isEmi = values.paymentType === 'EMI';
  const figures = emiFigures(values);
  const problem = emiProblem(values);
  const isDirty = form.isDirty() && !mutation.isPending;

  // The plot's recorded sale amount fills the field once the plot is chosen (a failed lookup leaves it as is).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new prefill value should fill the field
  useEffect(() => {
    if (prefill !== null) form.setFieldValue('saleAmount', prefill);
  }, [prefill]);

  // The buyer the link names fills the buyer's name and mobile once loaded; one that cannot be read is let go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the loaded buyer (or its failure) should fill the fields
  useEffect(() => {
    if (presetBuyer.data && form.getValues().buyerId === presetBuyer.data.buyerId) {
      form.setValues({
        buyerName: presetBuyer.data.name,
        buyerMobile: presetBuyer.data.mobile ? formatMobile(presetBuyer.data.mobile) : '',
      });
    } else if (presetBuyer.isError && form.getValues().buyerId === preset.buyerId) {
      form.setValues({ buyerId: null });
    }
  }, [presetBuyer.data, presetBuyer.isError]);

  const set = <K extends keyof SaleFormValues>(field: K, value: SaleFormValues[K]) => {
    form.setValues({ [field]: value } as Partial<SaleFormValues>);
    form.clearFieldError(field);
    // The upfront check belongs to the three amounts together: any of them changing answers it afresh.
    if (field === 'saleAmount' || field === 'visarpawatiAmount') form.clearFieldError('advanceAmount');
    setStatus(null);
  };

  // Bumped to give the EMI date field a fresh input when a refused date is cleared (its typed text goes too).
  const [emiDateField, setEmiDateField] = useState(0);

  /** The spec's EMI date rule: a date before the sale month is refused and cleared. */
  const checkEmiDate = (emiDate: string, saleDate: string) => {
    if (emiDate && !isEmiDateAllowed(emiDate, saleDate || todayIso())) {
      form.setFieldValue('emiDate', '');
      form.setFieldError('emiDate', EMI_DATE_MESSAGE);
      setEmiDateField((n) => n + 1);
      return false;
    }
    return true;
  };

  const changeProject = (projectId: number | null) => {
    form.setValues({ projectId, plotId: null, saleAmount: '' });
    form.clearErrors();
    setStatus(null);
  };

  const reset = () => {
    form.setValues(emptySale(values.projectId));
    form.resetDirty(emptySale(values.projectId));
    form.clearErrors();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setStatus(null);
    const found = validateSale(values);
    const first = FIELD_ORDER.find((f) => found[f]) ?? Object.keys(found)[0];
    if (first) {
      form.setErrors(found);
      // Each message is at its field; the status only says so once (a single error would read twice).
      const count = Object.keys(found).length;
      setStatus({
        kind: 'error',
        text: count === 1 ? 'Please correct the highlighted field.' : `Please correct the ${count} highlighted fields.`,
      });
      // The first invalid field on screen takes the focus once the errors are drawn.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    mutation.mutate(
      { input: toSaleInput(values), idempotencyKey },
      {
        onSuccess: (sale) => {
          renewKey();
          reset();
          setStatus({
            kind: 'success',
            text: sale.message,
            detail: `${sale.message} ${plotLabel(sale.plotName)} sold for ${formatRupees(sale.saleAmount)}${
              sale.paymentType === 'EMI' ? ` on ${sale.emiDuration} monthly installments` : ' (full payment)'
            }.`,
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) form.setErrors(buyerErrorsAtFields(error.fields));
          setStatus(
            error instanceof ApiError && error.hasResponse && error.message
              ? { kind: 'error', text: error.message }
              : failureMessage(SALE_FAILED_MESSAGE, error),
          );
        },
      },
    );
  };

  return {
    form,
    values,
    errors,
    formRef,
    status,
    setStatus,
    mutation,
    isEmi,
    figures,
    problem,
    isDirty,
    set,
    emiDateField,
    checkEmiDate,
    changeProject,
    reset,
    handleSubmit,
  };
}
