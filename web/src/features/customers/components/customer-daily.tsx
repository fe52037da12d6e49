// A customer's checks per UTC day over the last 90 days, on its admin view: what its monthly bill is made from.
import { DailyChart } from "../../../components/quota/daily-chart";
import { Alert } from "../../../components/ui/alert";
import { Loading } from "../../../components/ui/states";
import type { Customer } from "../../../lib/domain";
import { useCustomerDaily } from "../api/get-customer-daily";

export function CustomerDaily({ customer }: { customer: Customer }) {
  const daily = useCustomerDaily(customer.id);
  if (daily.isPending) return <Loading label="Reading daily usage…" />;
  if (daily.isError) {
    return (
      <Alert tone="error" title="The daily usage could not be read.">
        {daily.error.message}
      </Alert>
    );
  }
  return <DailyChart points={daily.data.points} label={`Checks of ${customer.name} day by day`} />;
}
