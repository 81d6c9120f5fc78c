import { cierreMessages } from './horario.js';

const DATOS_INVALIDOS = 'Datos inválidos';

export const horarioMessages = {
  datosInvalidos: DATOS_INVALIDOS,
  ...cierreMessages,
  // Owner screen and forms (docs/api.md, "Hours and special days").
  sinHorariosConfigurados: 'No hay horarios configurados para esta tienda',
  horariosGuardados: 'Horarios guardados correctamente',
  tiendaNoEncontrada: 'Error: ID de tienda no encontrado',
  fechaRequerida: 'Por favor selecciona una fecha',
  // Ours: the first edition gave no text for these (docs/api.md, "Texts and forms").
  fechaInvalida: 'Fecha inválida, usa AAAA-MM-DD',
  diaInvalido: 'Día inválido',
  horaInvalida: 'Hora inválida, usa HH:MM',
  diasRepetidos: 'Hay días repetidos',
  tiendaIdInvalido: 'Identificador inválido',
} as const;
