/** The JSON body of a refused REST call: the message, and per-field messages on a 400. */
export interface RestErrorBody {
  message: string;
  data?: { fieldErrors?: Record<string, string> };
}
