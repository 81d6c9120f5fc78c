import { pedidosSinAtender, textoAlertaDePedidos } from '@tianguis/domain';
import { useCallback, useEffect, useMemo } from 'react';
import {
  onPedidosNuevos,
  useFuentePedidosEnVivo,
  audioState,
  unlockAudio,
  useSonidoPedidos,
} from '../../pedidos-tienda';
import { useConteoSinAtender } from '../hooks/use-conteo-sin-atender';
import { useActivarSonido } from '../hooks/use-activar-sonido';
import { useTimbrePedidos } from '../hooks/use-timbre-pedidos';
import { ActivarSonido } from './activar-sonido';
import { AlertaBanner, type EstadoTimbre } from './alerta-banner';

/**
 * The owner's alerts, mounted in the app's frame on every screen while a shop owner is signed
 * in (loaded only then): the one live connection to the shop's orders, the banner for the orders
 * nobody has opened yet, their count in the tab title and on the app badge, and the bell that
 * rings until each new order is opened, accepted, cancelled or silenced; and, on the first
 * screen of a visit where the browser holds the sound back, "Toca para activar el sonido".
 */
export default function AlertasTienda() {
  const pedidos = useFuentePedidosEnVivo();
  const sonido = useSonidoPedidos();
  const sinAtender = useMemo(() => pedidosSinAtender(pedidos.data ?? []), [pedidos.data]);
  const ids = useMemo(() => sinAtender.map((p) => p.id), [sinAtender]);

  // The page may already have been touched (signing in, say): then sound is allowed at once.
  useEffect(() => {
    if (audioState() === 'pendiente') unlockAudio();
  }, []);

  const puedeSonar = sonido.activo && sonido.estadoAudio === 'listo';
  const timbre = useTimbrePedidos(ids, { puedeSonar, ring: sonido.notify });
  const { alertPedidos } = timbre;
  useEffect(
    () => onPedidosNuevos((nuevos) => alertPedidos(nuevos.map((p) => p.id))),
    [alertPedidos],
  );

  useConteoSinAtender(sinAtender.length);

  const { change, test } = sonido;
  // Inside the tap: the sound ON, the audio resumed and a short beep started, which is what
  // every browser (Safari included) needs to let the page play later alerts on its own.
  const activarSonido = useCallback(() => {
    change(true);
    test();
  }, [change, test]);
  const desbloqueo = useActivarSonido({ bloqueado: sonido.bloqueado, activate: activarSonido });
  const pantallaSonido = desbloqueo.visible && (
    <ActivarSonido
      otraVez={desbloqueo.otraVez}
      onActivate={desbloqueo.activar}
      onAhoraNo={desbloqueo.ahoraNo}
    />
  );

  const texto = textoAlertaDePedidos(sinAtender);
  const [primero] = sinAtender;
  if (!texto || !primero) return pantallaSonido || null;

  let estado: EstadoTimbre = 'quieto';
  if (timbre.suenan.length > 0) {
    if (!sonido.activo) estado = 'apagado';
    else if (sonido.estadoAudio === 'listo') estado = 'sonando';
    else if (sonido.estadoAudio !== 'sin-audio') estado = 'bloqueado';
  } else if (timbre.silenciado) {
    estado = 'silenciado';
  }

  return (
    <>
      {pantallaSonido}
      <AlertaBanner
        texto={texto}
        conteo={sinAtender.length}
        destino={sinAtender.length === 1 ? `/pedidosdetalle?id=${primero.id}` : '/pedidos'}
        estado={estado}
        toques={timbre.toques}
        onSilence={timbre.silence}
        onActivateSonido={() => sonido.change(true)}
      />
    </>
  );
}
