"""Bessel family: bessel_j0 j1 y0 y1 and the spherical Bessel functions j0, j1.

Sources: Cephes j0.c/j1.c (Moshier 2000): the Y0/Y1 rationals on (0, 5] and the
Hankel-form rationals P(25/x^2), Q(25/x^2) for x > 5 (DLMF 10.17.3); polynomial
fits made here with mpmath (Chebyshev interpolants, 50 digits) for J0, J1 on
[0, 5], for Y0, Y1 around their first zeros, and Taylor polynomials about the
first five zeros of each function (zeros as double-doubles, DLMF 10.21), which
give full relative accuracy there; DLMF 10.49.3 for the spherical functions.
The phase x - k pi/4 is reduced Cody-Waite style with a three-part pi/4 (valid
to 4e8, libm's full reduction beyond), which keeps large-x values accurate.
"""
import math

from specfun._registry import Arg, defun, helper
from specfun.families._tools import polevl

_SQRT1_2 = 0.7071067811865476        # 1/sqrt(2)
_TWO_OVER_PI = 0.6366197723675814    # 2/pi
_FOUR_OVER_PI = 1.2732395447351628   # 4/pi
# pi/4 = _PIO4_1 + _PIO4_2 + _PIO4_3, the first two with 24 significant bits so
# that m * _PIO4_1 and m * _PIO4_2 are exact for integers m < 2**29 (mpmath).
_PIO4_1 = 0.7853981852531433
_PIO4_2 = -2.1855694143368964e-08
_PIO4_3 = -8.575622497214414e-16
_CW_LIMIT = 4.0e8                    # m = x/(pi/4) < 2**29 below this
_ROUND_MAGIC = 6755399441055744.0    # 1.5 * 2**52: (t + M) - M rounds t to an integer

# First zeros of J0 and J1 as double-doubles (hi + lo), mpmath besseljzero.
_J0_Z1_HI = 2.404825557695773
_J0_Z1_LO = -1.176691651530894e-16
_J0_Z2_HI = 5.520078110286311
_J0_Z2_LO = 8.088597146146722e-17
_J1_Z1_HI = 3.8317059702075125
_J1_Z1_LO = -1.5269184090088067e-16

# J0/((x - j01)(x - j02)) and J1/(x (x - j11)) on [0, 5] as even/odd-split polynomials in
# t = x - 2.5 (mpmath Chebyshev interpolants, 60 nodes, 50 digits, truncated below 1e-18; sum of
# |terms| <= 4.3x the value), the zeros as double-doubles.  One piece, no branch, no division:
# they replace Cephes' RP/RQ rationals (3.5 and 3.9 ulp) with <= 3.4 ulp.
_J0_SMALL_E = (-5.663768622197638e-20, 2.416851187889198e-17, -7.86419673247464e-15, 2.0176968941630763e-12,
               -3.961374198106631e-10, 5.706360574249752e-08, -5.688557074480562e-06, 0.0003595527062355514,
               -0.012418035363871673, 0.16832989280671087)
_J0_SMALL_O = (-1.6825344929275637e-21, 7.780818609895379e-19, -2.7677855200135136e-16, 7.83050920034844e-14,
               -1.7128319509493906e-11, 2.783945004603198e-09, -3.1814820661458236e-07, 2.352745093971837e-05,
               -0.0009767057372480146, 0.016509450648896865)
_J1_SMALL_E = (4.4789196163731145e-20, -1.919677526457045e-17, 6.280526054620864e-15, -1.6219027242498618e-12,
               3.209541064049389e-10, -4.668686811148531e-08, 4.7119744718862025e-06, -0.00030265903934748565,
               0.010682685368394777, -0.149310467501115)
_J1_SMALL_O = (-2.2458930298855246e-21, 1.038343015070596e-18, -3.6924117371744316e-16,
               1.0442369751662262e-13, -2.2830420983099363e-11, 3.7084470462414897e-09,
               -4.2345659059614796e-07, 3.128047920308655e-05, -0.001296497837918568, 0.02186154941559309)

# J0 on [0, 2.5] as a polynomial in x^2 - 3.125 (Chebyshev interpolant in x^2, 40 nodes, sum of
# |terms| = 1): the J0 factor of Y0's (2/pi) log(x) J0(x) term, absolutely accurate to ~1 ulp.
_J0_LOWZ = (6.745023020101927e-20, -2.6788244195036837e-17, 8.60229781688849e-15, -2.1780821930055498e-12,
            4.2088250850861296e-10, -5.946358805471008e-08, 5.788527864764718e-06, -0.0003555998863313035,
            0.01193331672821223, -0.16426307617654787, 0.3587193865008858)
# Cephes j0.c: Y0(x) - (2/pi) log(x) J0(x) = YP(x^2)/YQ(x^2) on [0, 5].
_Y0_YP = (1.55924367855235737965E4, -1.46639295903971606143E7, 5.43526477051876500413E9,
          -9.82136065717911466409E11, 8.75906394395366999549E13, -3.46628303384729719441E15,
          4.42733268572569800351E16, -1.84950800436986690637E16)
_Y0_YQ = (1.04128353664259848412E3, 6.26107330137134956842E5, 2.68919633393814121987E8,
          8.64002487103935000337E10, 2.02979612750105546709E13, 3.17157752842975028269E15,
          2.50596256172653059228E17)
# Cephes j0.c: Hankel P0, Q0 as rationals in 25/x^2 for x > 5.
_J0_PP = (7.96936729297347051624E-4, 8.28352392107440799803E-2, 1.23953371646414299388E0,
          5.44725003058768775090E0, 8.74716500199817011941E0, 5.30324038235394892183E0,
          9.99999999999999997821E-1)
_J0_PQ = (9.24408810558863637013E-4, 8.56288474354474431428E-2, 1.25352743901058953537E0,
          5.47097740330417105182E0, 8.76190883237069594232E0, 5.30605288235394617618E0,
          1.00000000000000000218E0)
_J0_QP = (-1.13663838898469149931E-2, -1.28252718670509318512E0, -1.95539544257735972385E1,
          -9.32060152123768231369E1, -1.77681167980488050595E2, -1.47077505154951170175E2,
          -5.14105326766599330220E1, -6.05014350600728481186E0)
_J0_QQ = (6.43178256118178023184E1, 8.56430025976980587198E2, 3.88240183605401609683E3,
          7.24046774195652478189E3, 5.93072701187316984827E3, 2.06209331660327847417E3,
          2.42005740240291393179E2)
# Cephes j1.c: Y1(x) - (2/pi)(J1(x) log x - 1/x) = x YP(x^2)/YQ(x^2) on [0, 5].
_Y1_YP = (1.26320474790178026440E9, -6.47355876379160291031E11, 1.14509511541823727583E14,
          -8.12770255501325109621E15, 2.02439475713594898196E17, -7.78877196265950026825E17)
_Y1_YQ = (5.94301592346128195359E2, 2.35564092943068577943E5, 7.34811944459721705660E7,
          1.87601316108706159478E10, 3.88231277496238566008E12, 6.20557727146953693363E14,
          6.87141087355300489866E16, 3.97270608116560655612E18)
# Cephes j1.c: Hankel P1, Q1 as rationals in 25/x^2 for x > 5.
_J1_PP = (7.62125616208173112003E-4, 7.31397056940917570436E-2, 1.12719608129684925192E0,
          5.11207951146807644818E0, 8.42404590141772420927E0, 5.21451598682361504063E0,
          1.00000000000000000254E0)
_J1_PQ = (5.71323128072548699714E-4, 6.88455908754495404082E-2, 1.10514232634061696926E0,
          5.07386386128601488557E0, 8.39985554327604159757E0, 5.20982848682361821619E0,
          9.99999999999999997461E-1)
_J1_QP = (5.10862594750176621635E-2, 4.98213872951233449420E0, 7.58238284132545283818E1,
          3.66779609360150777800E2, 7.10856304998926107277E2, 5.97489612400613639965E2,
          2.11688757100572135698E2, 2.52070205858023719784E1)
_J1_QQ = (7.42373277035675149943E1, 1.05644886038262816351E3, 4.98641058337653607651E3,
          9.56231892404756170795E3, 7.99704160447350683650E3, 2.82619278517639096600E3,
          3.36093607810698293419E2)

# Y0(x)/(x - y02) and Y1(x) on [2.5, 5] as polynomials in t = x - 3.75, split into even and odd
# parts E(t^2) + t O(t^2) (two short Horner chains): Chebyshev interpolants at 60 nodes with
# mpmath (50 digits) truncated below 1e-18, converted to monomials (well conditioned: the sum of
# |terms| is < 2x the value).  Cephes' YP/YQ cancel near x = 5 (up to 20 ulp); these stay within ~2.
_Y0_Z2_HI = 3.957678419314858        # second zero of Y0, double-double (mpmath besselyzero)
_Y0_Z2_LO = -1.0764340697562706e-16
_Y0_MID_E = (4.472570143169071e-14, 3.0432970116115434e-13, 6.212188066371166e-12, 9.525249580542713e-11,
             1.4983871012221057e-09, 3.003892084245543e-08, -2.0968968705524846e-07, 5.77067657899256e-05,
             -0.002351842975283559, 0.06221212670176825, -0.41052294821305585)
_Y0_MID_O = (-1.1735455937339118e-14, -7.453785796917389e-14, -1.5789930672085914e-12, -2.38716359918837e-11,
             -3.7999039622413254e-10, -6.371638583082217e-09, -7.163558667773184e-08, -4.46254479096344e-06,
             0.0001275238598117647, -0.004963902362175663, 0.025740908226321156)
_Y1_MID_E = (-7.909478650626666e-14, -3.669034295895465e-13, -8.181650117003679e-12, -1.0720442828584708e-10,
             -1.5077612746876373e-09, -2.0501558745648065e-08, -3.449854584619904e-07, 1.753313131176321e-06,
             -0.00041043478033613663, 0.011891634644576163, -0.18972906629393466, 0.4158687793452271)
_Y1_MID_O = (2.173757730923598e-14, 9.244962827656828e-14, 2.2084122413743233e-12, 2.8632420658855917e-11,
             4.0352495979004873e-10, 5.596286013148292e-09, 8.019397342319555e-08, 7.787402524276829e-07,
             3.535197412111697e-05, -0.0006932364594469519, 0.017901901322367617, -0.02564158418136452)

# Around the first zeros of Y0 (0.894, on [0.7, 1.1]) and Y1 (2.197, on [1.5, 2.5]), where
# R(x^2) + (2/pi) log(x) J(x) cancels: Y/(x - zero) as even/odd-split polynomials in
# t = x - 0.9 and t = x - 2 (same construction as _Y0_MID).
_Y0_LOW_E = (0.27640308837841254, 0.2031082591086374, 0.19351467557349958, 0.1848100966984046,
             0.18246014253876813, 0.1888345397268783, 0.21248910256645717, 0.21624932518914128,
             0.8762692023475884)
_Y0_LOW_O = (-0.29376705877154136, -0.21101879123109837, -0.19980133847466883, -0.18839077467790089,
             -0.18275535235461385, -0.18429710026959187, -0.19743743882137976, -0.22057994947312617,
             -0.4892734536122492)
_Y1_LOW_E = (7.571529859723009e-07, 2.0772656133607163e-06, 8.794377060427072e-06, 3.491613738282642e-05,
             0.00013896566311005177, 0.0005515559728538547, 0.0021155090347500646, 0.01076898959994591,
             -0.028062364725502623, 0.542922347616236)
_Y1_LOW_O = (-3.848958586757522e-07, -1.032236252872306e-06, -4.405976792002471e-06,
             -1.7488338758183593e-05, -6.968772953860918e-05, -0.00027690427977697764,
             -0.0010918507763069932, -0.004399209322069398, -0.011854577109436396, -0.10636806207075357)
# Spherical j1 on [2, 5], where (sin x/x - cos x)/x cancels (up to 3 ulp) and the first zero
# 4.4934 lies: j1(x)/(x - z1) as an even/odd-split polynomial in t = x - 3.5 (mpmath Chebyshev
# interpolant, 60 nodes, truncated below 1e-18; sum of |terms| < 1.4x the value); z1 (tan z = z)
# as a double-double.
_SJ1_Z1_HI = 4.493409457909064
_SJ1_Z1_LO = -3.322828416974956e-17
_SJ1_MID_E = (-1.378875416794433e-16, 4.302124073367116e-14, -1.0229465001999508e-11, 1.8360958075362509e-09,
              -2.3732704716012361e-07, 2.064419861141269e-05, -0.001087682979333959, 0.028721750601660632,
              -0.24050877116557884)
_SJ1_MID_O = (-5.80420478748346e-16, 1.5100512590472397e-13, -2.8736997014898125e-11, 3.89713441828974e-09,
              -3.459857504381113e-07, 1.7132551676834184e-05, -0.00029445989250419805,
              -0.0037820961835066304)

# Neighbourhoods of the first five zeros (|x - z| < 0.03, which covers 1e-3 relative): the zero as
# a double-double (hi, lo) and f(z + t)/t as a Taylor polynomial in t, highest first, from
# mpmath's derivatives at the zero (40 digits; padded with leading zeros to a common length).
# With t = (x - hi) - lo exact, the value keeps full relative accuracy at and near each zero.
_ZERO_W = 0.03
_INV_PI = 0.3183098861837907
_J0_ZH = (2.404825557695773, 5.520078110286311, 8.653727912911013, 11.791534439014281,
          14.930917708487787)
_J0_ZL = (-1.176691651530894e-16, 8.088597146146722e-17, -2.92812607320779e-16, 2.812956912778735e-16,
          -7.070514505983074e-16)
_J0_ZC = (
    (-5.304914383475941e-07, -4.338826288615807e-06, 4.372919272906665e-05, 0.00026437703675269815,
     -0.002194200359016156, -0.008657669593304914, 0.05660177443794623, 0.1079387017549201,
     -0.5191474972894667),
    (5.716490707927506e-07, 3.199786906827506e-06, -4.652109073974323e-05, -0.00017518572899415777,
     0.0022574402290329, 0.004631042145907645, -0.05298855286760463, -0.030820651425593648,
     0.34026480655836816),
    (-5.679379515505723e-07, -2.288391008904224e-06, 4.4823035445242025e-05, 0.00011243486789367745,
     -0.0020603351551259294, -0.002509302227210696, 0.04403377496341185, 0.015684124960953883,
     -0.27145229992838193),
    (5.425451742594352e-07, 1.6506463488870636e-06, -4.159284542308366e-05, -7.581358480996537e-05,
     0.0018420433388689763, 0.0016073972920896825, -0.03818600911162309, -0.009857064513825791,
     0.23245983136472478),
    (-5.106258736981608e-07, -1.233581034941374e-06, 3.83796585068177e-05, 5.484179219194773e-05,
     -0.0016680057255482191, -0.001137276252959842, 0.034115572697347434, 0.0069167360342686935,
     -0.20654643307799603),
)
_J1_ZH = (3.8317059702075125, 7.015586669815619, 10.173468135062722, 13.323691936314223,
          16.470630050877634)
_J1_ZL = (-1.5269184090088067e-16, -9.414165653410389e-17, 4.482162274768888e-16, 2.600408064718813e-16,
          -1.619019544798128e-15)
_J1_ZC = (
    (-5.727805735140382e-07, -3.0368633802997826e-06, 4.6208701297458374e-05,
     0.00017466429072012055, -0.002233125339147478, -0.00517971924563857, 0.05341044413272481,
     0.05255614585697724, -0.402759395702553),
    (5.665270011548331e-07, 2.4015807963093223e-06, -4.499147530293068e-05, -0.00012550790955145584,
     0.0021055871432482764, 0.003130291726048091, -0.04697047894974149, -0.02138921280934158,
     0.30011575252613254),
    (-5.471602987582109e-07, -1.8009794578804267e-06, 4.241116281083461e-05, 8.661729454170434e-05,
     -0.0019115826893826534, -0.001926818797260787, 0.04041116939079276, 0.012272357555101523,
     -0.2497048770578432),
    (5.1906566526836e-07, 1.3569942254160056e-06, -3.938703742075764e-05, -6.200735161421355e-05,
     0.0017308725061749555, 0.0013195736128103677, -0.035778209575030605, -0.008194403183877519,
     0.21835940724787295),
    (-4.891790860969825e-07, -1.049961528434457e-06, 3.657257353884341e-05, 4.6667442231393634e-05,
     -0.0015842303417565701, -0.00097203375623041, 0.03238212268489082, 0.005964112206448003,
     -0.1964653714686572),
)
_Y0_ZH = (0.8935769662791675, 3.957678419314858, 7.086051060301773, 10.222345043496418,
          13.361097473872764)
_Y0_ZL = (2.6596231539720385e-17, -1.0764340697562706e-16, -8.835285723085408e-17,
          -7.967395050308809e-16, -6.626109493712529e-16)
_Y0_ZC = (
    (0.21082123408542908, -0.20396193708295582, 0.19866677921832507, -0.19506492780964346,
     0.1933761857036059, -0.19395009058736717, 0.1973356693290941, -0.20487719790614795,
     0.2189484270103813, -0.22612171354416336, 0.22055282848167643, -0.49207893426297755,
     0.8794208024971948),
    (0.0, 0.0, 0.0, 0.0, -2.9348814581597406e-07, -4.893369328096108e-06, 5.0922913806511076e-05,
     0.00019526940245097552, -0.0021835188740493565, -0.006852566677111002, 0.058523822105170244,
     0.05085590959215824, -0.40254267177502423),
    (0.0, 0.0, 0.0, 0.0, 5.749349569687992e-07, 2.701363792739061e-06, -4.5951406706884365e-05,
     -0.0001406025977408225, 0.002175984016443104, 0.0033183482688956315, -0.048024070076259875,
     -0.02117523655676953, 0.3000976149104752),
    (0.0, 0.0, 0.0, 0.0, -5.56775341004398e-07, -1.9373031531272446e-06, 4.327196344805162e-05,
     9.143803534152327e-05, -0.0019460256043482647, -0.0019771436063412747, 0.04082034983245585,
     0.012213500740397518, -0.2497012375146848),
    (0.0, 0.0, 0.0, 0.0, 5.267826017793344e-07, 1.4197744369737643e-06, -3.994021941213871e-05,
     -6.398474494667748e-05, 0.0017496714652423626, 0.0013390167408483225, -0.03598532740247756,
     -0.008171420686985655, 0.21835829659767134),
)
_Y1_ZH = (2.197141326031017, 5.429681040794135, 8.596005868331169, 11.749154830839881,
          14.897442128336726)
_Y1_ZL = (-4.8259835876454966e-17, 4.162514026670377e-16, 2.8415838340063664e-16, 2.9466381668409186e-17,
          -6.072148995506809e-16)
_Y1_ZC = (
    (-0.000107760438150386, 0.0002358699837551761, -0.0005096013043558059, 0.0010668530000547797,
     -0.0025952416882642016, 0.0074225533327074685, -0.004797811670105437, -0.03285739740528641,
     -0.1185145457490966, 0.5207864124022675),
    (0.0, -5.46442065713147e-07, -2.863862537213281e-06, 4.645867906118146e-05,
     0.0001466208928934434, -0.002165998751088117, -0.0041601159343906905, 0.050947939743420094,
     0.031338677444086686, -0.3403180455234406),
    (0.0, 5.586531049687762e-07, 2.0819264532705204e-06, -4.3807396766548885e-05,
     -0.00010420148506107329, 0.002011492014389741, 0.0024179567328294627, -0.04340642670740072,
     -0.015789884364296906, 0.27145987731153354),
    (0.0, -5.33693372220446e-07, -1.5593759395269567e-06, 4.089999971529889e-05,
     7.280591054028678e-05, -0.0018169820021378415, -0.0015771195022099675, 0.037901635052955254,
     0.009892701618284034, -0.23246176601703875),
    (0.0, 5.040447257064363e-07, 1.1891513125182279e-06, -3.793535276683752e-05,
     -5.348483480661249e-05, 0.0016535223994746915, 0.001124147625999205, -0.03395918339841299,
     -0.006932301148655418, 0.2065471103565926),
)

# Taylor coefficients in z = x^2, highest first (DLMF 10.53.1; exact rationals rounded by mpmath):
# sin(x)/x = sum (-1)^k z^k/(2k+1)!  on |x| < 1/2 (first omitted term < 1e-19)
_SJ0_T = (-7.647163731819816e-13, 1.6059043836821613e-10, -2.505210838544172e-08,
          2.7557319223985893e-06, -0.0001984126984126984, 0.008333333333333333,
          -0.16666666666666666, 1.0)
# j1(x)/x = sum (-1)^k (2k+2) z^k/(2k+3)!  on |x| < 2 (first omitted term < 1e-19 relative)
_SJ1_T = (2.387759364586842e-27, -1.5472680682522736e-24, 8.509974375387505e-22,
          -3.9145882126782523e-19, 1.4797143443923793e-16, -4.498331606952833e-14,
          1.0706029224547743e-11, -1.9270852604185937e-09, 2.505210838544172e-07,
          -2.2045855379188714e-05, 0.0011904761904761906, -0.03333333333333333,
          0.3333333333333333)

# sin r = r + r^3 S(r^2), cos r = 1 - r^2/2 + r^4 C(r^2) on |r| <= pi/4: near-minimax polynomials
# (Chebyshev interpolation in r^2 at 6 nodes, mpmath; max error of S 3e-17, of C 2.4e-18 absolute,
# below 0.1 ulp of sin and cos; the same degrees as Cephes sin.c).
_SIN_T = (1.5918115263265974e-10, -2.505113165023518e-08, 2.7557316101617874e-06, -0.00019841269836756774,
          0.008333333333330948, -0.16666666666666666)
_COS_T = (-1.1382623647474604e-11, 2.087614614655861e-09, -2.7557317271145144e-07, 2.480158729876456e-05,
          -0.0013888888888887398, 0.041666666666666664)


# Horner for tables of a fixed length with the tuple unpacked: in Numba these run ~15% faster than
# _tools.polevl's loop over the tuple (measured on the Hankel rationals), which matters on the
# typical path of every function here.

@helper
def _pe6(x, c):
    """polevl for 6 coefficients (highest first)."""
    c0, c1, c2, c3, c4, c5 = c
    return ((((c0 * x + c1) * x + c2) * x + c3) * x + c4) * x + c5


@helper
def _pe7(x, c):
    """polevl for 7 coefficients (highest first)."""
    c0, c1, c2, c3, c4, c5, c6 = c
    return (((((c0 * x + c1) * x + c2) * x + c3) * x + c4) * x + c5) * x + c6


@helper
def _pe8(x, c):
    """polevl for 8 coefficients (highest first)."""
    c0, c1, c2, c3, c4, c5, c6, c7 = c
    return ((((((c0 * x + c1) * x + c2) * x + c3) * x + c4) * x + c5) * x + c6) * x + c7


@helper
def _pe9(x, c):
    """polevl for 9 coefficients (highest first)."""
    c0, c1, c2, c3, c4, c5, c6, c7, c8 = c
    return (((((((c0 * x + c1) * x + c2) * x + c3) * x + c4) * x + c5) * x + c6) * x + c7) * x + c8


@helper
def _pe10(x, c):
    """polevl for 10 coefficients (highest first)."""
    c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 = c
    return ((((((((c0 * x + c1) * x + c2) * x + c3) * x + c4) * x + c5) * x + c6) * x + c7) * x + c8) * x + c9


@helper
def _pe11(x, c):
    """polevl for 11 coefficients (highest first)."""
    c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10 = c
    a = ((((((c0 * x + c1) * x + c2) * x + c3) * x + c4) * x + c5) * x + c6) * x + c7
    return ((a * x + c8) * x + c9) * x + c10


@helper
def _pe12(x, c):
    """polevl for 12 coefficients (highest first)."""
    c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11 = c
    a = ((((((c0 * x + c1) * x + c2) * x + c3) * x + c4) * x + c5) * x + c6) * x + c7
    return (((a * x + c8) * x + c9) * x + c10) * x + c11


@helper
def _estrin6(x, x2, c):
    """polevl for 6 coefficients in Estrin form (x2 = x*x given): three short independent chains."""
    c0, c1, c2, c3, c4, c5 = c
    return ((c0 * x + c1) * x2 + (c2 * x + c3)) * x2 + (c4 * x + c5)


@helper
def _p1e7(x, c):
    """p1evl for 7 coefficients (implicit leading 1)."""
    c0, c1, c2, c3, c4, c5, c6 = c
    return ((((((x + c0) * x + c1) * x + c2) * x + c3) * x + c4) * x + c5) * x + c6


@helper
def _p1e8(x, c):
    """p1evl for 8 coefficients (implicit leading 1)."""
    c0, c1, c2, c3, c4, c5, c6, c7 = c
    return (((((((x + c0) * x + c1) * x + c2) * x + c3) * x + c4) * x + c5) * x + c6) * x + c7


@helper
def _hankel_phase(x, xlo, k, p, q):
    """p cos(t) - q sin(t) with t = (x + xlo) - k pi/4, for x >= 0 and odd k.

    The phase is reduced without cancellation: below 4e8, m = k + 2n (the odd
    multiple of pi/4 nearest to x) is subtracted with a three-part pi/4 whose
    first two parts make m*part exact (Cody-Waite); above, libm's sin/cos of x
    (full Payne-Hanek reduction) are rotated by k pi/4 exactly.
    """
    if x < _CW_LIMIT:
        # n = nearest integer to (x - k pi/4)/(pi/2) by the 1.5*2^52 trick (|.| < 2^51; cheaper
        # than floor); r in [-pi/4, pi/4] (plus rounding)
        n = ((x * _FOUR_OVER_PI - k) * 0.5 + _ROUND_MAGIC) - _ROUND_MAGIC
        m = k + 2.0 * n
        r = ((x - m * _PIO4_1) - m * _PIO4_2) - m * _PIO4_3 + xlo
        # sin and cos of |r| <= pi/4 + tiny by polynomials (shared r^2, no libm call)
        r2 = r * r
        r4 = r2 * r2
        s = r + r * (r2 * _estrin6(r2, r4, _SIN_T))
        c = 1.0 - 0.5 * r2 + r4 * _estrin6(r2, r4, _COS_T)
        # rotate by n pi/2 without branches: odd quadrants swap (c, s) -> (-s, c), iq >= 2 negates;
        # the rotation is applied to (p, q), which are ready before the polynomials
        iq = int(n) & 3
        fo = float(iq & 1)
        fe = 1.0 - fo
        sg = 1.0 - float(iq & 2)
        pr = sg * (p * fe - q * fo)
        qr = sg * (p * fo + q * fe)
        return pr * c - qr * s
    # huge x: libm reduces x exactly; rotate by -k pi/4 (cos, sin of k pi/4 are +-1/sqrt 2)
    s = math.sin(x)
    c = math.cos(x)
    if xlo != 0.0:
        # the low word of a double-double argument, as an exact small rotation
        cl = math.cos(xlo)
        sl = math.sin(xlo)
        c0 = c
        c = c0 * cl - s * sl
        s = s * cl + c0 * sl
    kk = int(k) & 7
    ca = 1.0 if (kk == 1 or kk == 7) else -1.0  # sign of cos(k pi/4)
    sa = 1.0 if (kk == 1 or kk == 3) else -1.0  # sign of sin(k pi/4)
    ct = (c * ca + s * sa) * _SQRT1_2
    st = (s * ca - c * sa) * _SQRT1_2
    return p * ct - q * st


@helper
def _hankel(x, k, pp, pq, qp, qq):
    """sqrt(2/(pi x)) (P cos(x - k pi/4) - (5/x) Q sin(x - k pi/4)) for x > 5 (Cephes P, Q rationals in 25/x^2).

    1/x is formed once (w and the amplitude); P and Q keep their own divisions (merging them
    costs an ulp).
    """
    xi = 1.0 / x
    w = 5.0 * xi
    z = w * w
    p = _pe7(z, pp) / _pe7(z, pq)
    q = _pe8(z, qp) / _p1e7(z, qq)
    return _hankel_phase(x, 0.0, k, p, w * q) * math.sqrt(_TWO_OVER_PI * xi)


@helper
def _near_zero(x, i, zh, zl, zc):
    """t g(t) with t = x - zero_i (double-double), or nan when |t| >= _ZERO_W (the caller falls through).

    ``i`` must be in 0..4 (see _zero_index).
    """
    t = (x - zh[i]) - zl[i]
    if abs(t) < _ZERO_W:
        return t * polevl(t, zc[i])
    return math.nan


@helper
def _zero_index(x, z0):
    """Index 0..4 of the zero nearest x among five spaced about pi apart from z0 (clamped, no branch)."""
    return int(min(max((x - z0) * _INV_PI + 0.5, 0.0), 4.0))


@helper
def _poly_eo(t, ce, co):
    """E(t^2) + t O(t^2): a polynomial as two independent Horner chains (half the latency)."""
    t2 = t * t
    return polevl(t2, ce) + t * polevl(t2, co)


@helper
def _j0_small(x):
    """J0 on [0, 5] (x >= 0): the zeros 2.405 and 5.520 factored out exactly, times a polynomial."""
    if x < 1.0e-3:
        # 1 - z/4 + z^2/64 (the z^3 term is below 1e-21): one rounding near 1
        z = x * x
        return 1.0 - z * (0.25 - 0.015625 * z)
    f = ((x - _J0_Z1_HI) - _J0_Z1_LO) * ((x - _J0_Z2_HI) - _J0_Z2_LO)
    t = x - 2.5
    t2 = t * t
    return f * (_pe10(t2, _J0_SMALL_E) + t * _pe10(t2, _J0_SMALL_O))


@helper
def _j1_small(x):
    """J1 on [0, 5] (x >= 0): x and the zero 3.832 factored out exactly, times a polynomial."""
    if x < 1.0e-3:
        # x (1/2 - z/16 + z^2/384), the z^3 term below 1e-21
        z = x * x
        return x * (0.5 - z * (0.0625 - z * 0.0026041666666666665))
    t = x - 2.5
    t2 = t * t
    return (x * ((x - _J1_Z1_HI) - _J1_Z1_LO)) * (_pe10(t2, _J1_SMALL_E) + t * _pe10(t2, _J1_SMALL_O))


@defun(
    "bessel_j0",
    aliases=("j0",),
    sigs=("f->f", "d->d"),
    args=(Arg("x"),),
    grad={"x": lambda ns, x, out: -ns.bessel_j1(x)},
    doc=r"""
    Bessel function of the first kind of order zero, :math:`J_0(x)`.

    Even in :math:`x`; :math:`J_0(0) = 1` and :math:`J_0(\pm\infty) = 0`.  On
    :math:`[0, 5]` a polynomial with the first two zeros factored out as
    double-doubles; beyond, the Hankel form
    :math:`\sqrt{2/(\pi x)}\,(P_0\cos\chi - Q_0\sin\chi)`, :math:`\chi = x - \pi/4`,
    with the phase reduced in extended precision (accurate to :math:`x = 10^{8}`
    and beyond).  Near the first five zeros a Taylor polynomial about the zero
    keeps full relative accuracy.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.bessel_j0(0.0))
    1.0
    """,
)
def bessel_j0(x):
    if x != x:
        return x
    ax = abs(x)
    if ax <= 5.0:
        return _j0_small(ax)
    if ax < 14.97:
        # near the zeros 5.52 .. 14.93: Taylor polynomial about the zero (full relative accuracy)
        v = _near_zero(ax, _zero_index(ax, _J0_ZH[0]), _J0_ZH, _J0_ZL, _J0_ZC)
        if v == v:
            return v
    if ax == math.inf:
        return 0.0
    # Hankel asymptotic form, P and Q rationals in 25/x^2 (Cephes)
    return _hankel(ax, 1.0, _J0_PP, _J0_PQ, _J0_QP, _J0_QQ)


@defun(
    "bessel_j1",
    aliases=("j1",),
    sigs=("f->f", "d->d"),
    args=(Arg("x"),),
    grad={"x": lambda ns, x, out: ns.where(x == 0.0, 0.5, ns.bessel_j0(x) - out / ns.where(x == 0.0, 1.0, x))},
    doc=r"""
    Bessel function of the first kind of order one, :math:`J_1(x)`.

    Odd in :math:`x`; :math:`J_1(0) = 0` and :math:`J_1(\pm\infty) = 0`.  Same
    construction as :func:`bessel_j0` (zeros factored out on :math:`[0, 5]`,
    Hankel form with an accurately reduced phase beyond).

    Examples
    --------
    >>> import specfun
    >>> float(specfun.bessel_j1(0.0))
    0.0
    """,
)
def bessel_j1(x):
    if x != x:
        return x
    ax = abs(x)
    if ax <= 5.0:
        if ax < 1.0e-3:
            # x (1/2 - z/16 + z^2/384), the z^3 term below 1e-21 (odd, keeps the sign of 0)
            z = ax * ax
            return x * (0.5 - z * (0.0625 - z * 0.0026041666666666665))
        else:
            v = _j1_small(ax)
    elif ax == math.inf:
        v = 0.0
    else:
        # near the zeros 7.02 .. 16.47: Taylor polynomial about the zero
        v = _near_zero(ax, _zero_index(ax, _J1_ZH[0]), _J1_ZH, _J1_ZL, _J1_ZC)
        if v != v:
            v = _hankel(ax, 3.0, _J1_PP, _J1_PQ, _J1_QP, _J1_QQ)
    # odd function (a multiply, not a branch on the sign)
    return math.copysign(1.0, x) * v


@defun(
    "bessel_y0",
    aliases=("y0",),
    sigs=("f->f", "d->d"),
    args=(Arg("x", lo=0.0),),
    grad={"x": lambda ns, x, out: -ns.bessel_y1(x)},
    doc=r"""
    Bessel function of the second kind of order zero, :math:`Y_0(x)`.

    :math:`Y_0(0) = -\infty`, nan for :math:`x < 0`, :math:`Y_0(\infty) = 0`.
    On :math:`(0, 5]`, :math:`Y_0 = R(x^2) + \tfrac{2}{\pi}\log(x) J_0(x)`
    (Cephes' :math:`R`), with polynomials (zeros factored out) around the first
    two zeros and on :math:`[2.5, 5]`; beyond, the Hankel form with an
    accurately reduced phase.  Relatively accurate near the first five zeros.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.bessel_y0(0.0))
    -inf
    """,
)
def bessel_y0(x):
    if x != x:
        return x
    if x < 0.0:
        # outside the real domain
        return math.nan
    # near the zeros 0.89 .. 13.36: Taylor polynomial about the zero (full relative accuracy)
    v = _near_zero(x, _zero_index(x, _Y0_ZH[0]), _Y0_ZH, _Y0_ZL, _Y0_ZC)
    if v == v:
        return v
    if x <= 5.0:
        if x >= 2.5:
            # polynomial with the zero at 3.9577 factored out as a double-double
            t = x - 3.75
            t2 = t * t
            return ((x - _Y0_Z2_HI) - _Y0_Z2_LO) * (_pe11(t2, _Y0_MID_E) + t * _pe11(t2, _Y0_MID_O))
        if x >= 0.7 and x <= 1.1:
            # polynomial with the first zero factored out as a double-double
            t = x - 0.9
            t2 = t * t
            return ((x - _Y0_ZH[0]) - _Y0_ZL[0]) * (_pe9(t2, _Y0_LOW_E) + t * _pe9(t2, _Y0_LOW_O))
        if x == 0.0:
            # logarithmic pole
            return -math.inf
        z = x * x
        if x < 1.0e-8:
            # J0(x) = 1 to double precision
            return _pe8(z, _Y0_YP) / _p1e7(z, _Y0_YQ) + _TWO_OVER_PI * math.log(x)
        if x < 1.0e-3:
            # J0 = 1 - z/4 + z^2/64 here, with one rounding
            j0 = 1.0 - z * (0.25 - 0.015625 * z)
        else:
            j0 = _pe11(z - 3.125, _J0_LOWZ)
        return _pe8(z, _Y0_YP) / _p1e7(z, _Y0_YQ) + _TWO_OVER_PI * (math.log(x) * j0)
    if x == math.inf:
        return 0.0
    # p sin(chi) + w q cos(chi), chi = x - pi/4, is p cos(x - 3pi/4) - w q sin(x - 3pi/4)
    return _hankel(x, 3.0, _J0_PP, _J0_PQ, _J0_QP, _J0_QQ)


@defun(
    "bessel_y1",
    aliases=("y1",),
    sigs=("f->f", "d->d"),
    args=(Arg("x", lo=0.0),),
    grad={"x": lambda ns, x, out: ns.bessel_y0(x) - out / x},
    doc=r"""
    Bessel function of the second kind of order one, :math:`Y_1(x)`.

    :math:`Y_1(0) = -\infty`, nan for :math:`x < 0`, :math:`Y_1(\infty) = 0`.
    On :math:`(0, 5]`, :math:`Y_1 = x R(x^2) + \tfrac{2}{\pi}(J_1(x)\log x - 1/x)`
    (Cephes' :math:`R`), with polynomials on :math:`[1.5, 5]` (the first zero
    factored out); beyond, the Hankel form with an accurately reduced phase.
    Relatively accurate near the first five zeros.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.bessel_y1(0.0))
    -inf
    """,
)
def bessel_y1(x):
    if x != x:
        return x
    if x < 0.0:
        # outside the real domain
        return math.nan
    # near the zeros 2.20 .. 14.90: Taylor polynomial about the zero (full relative accuracy)
    v = _near_zero(x, _zero_index(x, _Y1_ZH[0]), _Y1_ZH, _Y1_ZL, _Y1_ZC)
    if v == v:
        return v
    if x <= 5.0:
        if x >= 2.5:
            # polynomial (no zero of Y1 in [2.5, 5] outside the windows)
            t = x - 3.75
            t2 = t * t
            return _pe12(t2, _Y1_MID_E) + t * _pe12(t2, _Y1_MID_O)
        if x >= 1.5:
            # polynomial with the first zero factored out as a double-double
            t = x - 2.0
            t2 = t * t
            return ((x - _Y1_ZH[0]) - _Y1_ZL[0]) * (_pe10(t2, _Y1_LOW_E) + t * _pe10(t2, _Y1_LOW_O))
        if x == 0.0:
            # simple pole -2/(pi x)
            return -math.inf
        z = x * x
        if x < 1.0e-8:
            # J1(x) = x/2 to double precision
            return x * (_pe6(z, _Y1_YP) / _p1e8(z, _Y1_YQ)) + _TWO_OVER_PI * (0.5 * x * math.log(x) - 1.0 / x)
        return x * (_pe6(z, _Y1_YP) / _p1e8(z, _Y1_YQ)) + _TWO_OVER_PI * (_j1_small(x) * math.log(x) - 1.0 / x)
    if x == math.inf:
        return 0.0
    # p sin(chi) + w q cos(chi), chi = x - 3pi/4, is p cos(x - 5pi/4) - w q sin(x - 5pi/4)
    return _hankel(x, 5.0, _J1_PP, _J1_PQ, _J1_QP, _J1_QQ)


@defun(
    "spherical_bessel_j0",
    sigs=("f->f", "d->d"),
    args=(Arg("x"),),
    grad={"x": lambda ns, x, out: -ns.spherical_bessel_j1(x)},
    doc=r"""
    Spherical Bessel function of the first kind of order zero, :math:`j_0(x) = \sin(x)/x`.

    Even; :math:`j_0(0) = 1`, :math:`j_0(\pm\infty) = 0`.  A Taylor polynomial
    near 0, :math:`\sin(x)/x` (with libm's exact reduction) elsewhere.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.spherical_bessel_j0(0.0))
    1.0
    """,
)
def spherical_bessel_j0(x):
    if x != x:
        return x
    ax = abs(x)
    if ax < 0.5:
        # Taylor series in x^2: no division, exact 1 at 0
        return polevl(ax * ax, _SJ0_T)
    if ax == math.inf:
        return 0.0
    # sin is correctly reduced by libm and relatively accurate even near its zeros
    return math.sin(ax) / ax


@defun(
    "spherical_bessel_j1",
    sigs=("f->f", "d->d"),
    args=(Arg("x"),),
    grad={
        # j1' = j0 - 2 j1/x, whose limit at 0 is 1/3
        "x": lambda ns, x, out: ns.where(
            x == 0.0, 1.0 / 3.0, ns.spherical_bessel_j0(x) - 2.0 * out / ns.where(x == 0.0, 1.0, x)
        )
    },
    doc=r"""
    Spherical Bessel function of the first kind of order one,
    :math:`j_1(x) = \sin(x)/x^2 - \cos(x)/x`.

    Odd; :math:`j_1(0) = 0`, :math:`j_1(\pm\infty) = 0`.  A Taylor polynomial
    for :math:`|x| < 2` (the closed form cancels there), a polynomial with the
    first zero factored out on :math:`[2, 5]`, the closed form beyond.
    It is the derivative of :math:`-j_0`.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.spherical_bessel_j1(0.0))
    0.0
    """,
)
def spherical_bessel_j1(x):
    if x != x:
        return x
    ax = abs(x)
    if ax < 2.0:
        # x * P(x^2): the closed form would cancel (sin x - x cos x ~ x^3/3); odd, keeps -0
        return x * polevl(ax * ax, _SJ1_T)
    elif ax < 5.0:
        # polynomial with the first zero factored out (full relative accuracy near it)
        v = ((ax - _SJ1_Z1_HI) - _SJ1_Z1_LO) * _poly_eo(ax - 3.5, _SJ1_MID_E, _SJ1_MID_O)
    elif ax == math.inf:
        v = 0.0
    else:
        # (sin(x)/x - cos x)/x: no overflow of x^2 for huge x
        v = (math.sin(ax) / ax - math.cos(ax)) / ax
    # odd function
    if x < 0.0:
        return -v
    return v
