import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { conversionFunnel, type StatusCounts } from '../lib/analytics-math';
import { capitalize, formatNumber } from '../lib/format';
import { BAR_COLOURS, contactTone } from '../lib/status-styles';

/** new -> contacted -> qualified -> converted, each stage with its share of all contacts. */
export function ConversionFunnel({ contactsByStatus }: { contactsByStatus: StatusCounts }) {
  const stages = conversionFunnel(contactsByStatus);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Conversion Funnel</CardTitle>
        <CardDescription>Contacts that reached each stage or a later one</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="space-y-3" aria-label="Conversion funnel">
          {stages.map((stage, index) => (
            <li key={stage.status} data-testid={`funnel-${stage.status}`}>
              <div className="flex items-center justify-between text-sm">
                <span className="font-medium text-slate-800">{capitalize(stage.status)}</span>
                <span className="tabular-nums text-slate-600">
                  {formatNumber(stage.reached)} · {stage.percentOfTotal}%
                  {index > 0 && (
                    <span className="text-slate-500">
                      {' '}
                      ({stage.percentOfPrevious}% of previous)
                    </span>
                  )}
                </span>
              </div>
              <div className="mt-1.5 h-3 overflow-hidden rounded bg-slate-100" aria-hidden>
                <div
                  className={`h-full rounded ${BAR_COLOURS[contactTone(stage.status)]}`}
                  style={{ width: `${stage.percentOfTotal}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
