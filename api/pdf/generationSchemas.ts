import { Type } from 'typebox';
import { JsonObjectBody } from '../http/routeSchemas.ts';

export const GenerationSummary = Type.Object(
  {
    provider: Type.String(),
    product_type: Type.String(),
    number_of_insureds: Type.Integer({ minimum: 1, maximum: 2 }),
    type_of_insurance: Type.String(),
    primary_insured: Type.String(),
    secondary_insured: Type.String(),
    owner_type: Type.String(),
    owner_name: Type.String(),
    plan_details: Type.Array(
      Type.Object({
        plan_type: Type.String(),
        product_type: Type.String(),
        plan_name: Type.String(),
        face_amount: Type.String({ description: 'As printed in the answer\'s language ("$250,000", "250 000 $")' }),
        face_amount_value: Type.Union([Type.Number(), Type.Null()], { description: 'The amount as a number' }),
      }),
    ),
  },
  { title: 'GenerationSummary', description: "The result view's summary cards: every value already a label" },
);

export const GenerateAnswer = Type.Object(
  {
    data: Type.Object({
      s3_url: Type.String({ description: 'The file of every chosen insurer' }),
      id: Type.String(),
      language: Type.Union([Type.Literal('en'), Type.Literal('fr')], {
        description: "The documents' language: the client's preferred language unless the request chose the other",
      }),
      files: Type.Array(
        Type.Object({
          insurer: Type.String(),
          name: Type.String(),
          url: Type.String(),
          questionnaires: Type.Array(Type.String(), {
            description: "Questionnaires to attach: the insurer's questionnaires this application's answers call for",
          }),
        }),
      ),
    }),
    summary: GenerationSummary,
  },
  { title: 'GenerateAnswer' },
);

/**
 * Either {client_id, populate_forms} or the spec's whole generation payload: the generation service reads the two
 * with the final step's messages ("Please select at least one form to generate"), so any object passes here; the
 * document describes the fields (GenerateRequest).
 */
export const GenerateBody = JsonObjectBody;
